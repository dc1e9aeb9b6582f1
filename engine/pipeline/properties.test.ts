/** The pipeline's three safety properties, over random rule sets, sources, modes and calls. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createPermissionContext, type ContextOptions } from '../context/context';
import { CWD, HOME, layer } from '../testing/build';
import { fakeBash } from '../testing/fake-bash';
import {
  fileSources,
  isFileSource,
  permissionModes,
  ruleSources,
  type MemorySource,
  type RuleBehavior,
  type RuleSource,
} from '../types';
import { decide } from './decide';

const deps = { bash: fakeBash };
const RULES = [
  'Bash',
  'Bash(git *)',
  'Bash(npm *)',
  'Bash(rm *)',
  'Bash(echo *)',
  'Read',
  'Read(./src/**)',
  'Read(.env)',
  'Edit',
  'Edit(*.ts)',
  'Edit(.git/**)',
  'Edit(~/**)',
  'Write',
  'WebFetch',
  'WebFetch(domain:*.com)',
  'mcp__db',
  'mcp__db__*',
  'mcp__db__query',
  '*',
  'mcp__*',
];
const CALLS = [
  { toolName: 'Bash', input: { command: 'git status' } },
  { toolName: 'Bash', input: { command: 'npm i && rm -rf x' } },
  { toolName: 'Bash', input: { command: 'echo hi > .git/hooks/pre-commit' } },
  { toolName: 'Bash', input: { command: 'ls' } },
  { toolName: 'Read', input: { file_path: `${CWD}/src/a.ts` } },
  { toolName: 'Read', input: { file_path: `${CWD}/.env` } },
  { toolName: 'Edit', input: { file_path: `${CWD}/a.ts` } },
  { toolName: 'Edit', input: { file_path: `${CWD}/.git/config` } },
  { toolName: 'Write', input: { file_path: `${HOME}/.bashrc` } },
  { toolName: 'WebFetch', input: { url: 'https://api.example.com/x' } },
  { toolName: 'mcp__db__query', input: { sql: 'select 1' } },
];
const PROTECTED_CALLS = [
  { toolName: 'Edit', input: { file_path: `${CWD}/.git/config` } },
  { toolName: 'Write', input: { file_path: `${HOME}/.bashrc` } },
  { toolName: 'Write', input: { file_path: `${CWD}/.agent/settings.json` } },
  { toolName: 'MultiEdit', input: { file_path: `${HOME}/.gitconfig` } },
  { toolName: 'NotebookEdit', input: { notebook_path: `${CWD}/.vscode/n.ipynb` } },
  { toolName: 'Bash', input: { command: 'echo x > .husky/pre-commit' } },
  { toolName: 'Bash', input: { command: 'touch .zshrc' } },
];

interface Placed {
  readonly source: RuleSource;
  readonly behavior: RuleBehavior;
  readonly rule: string;
}

const placed = fc.record({
  source: fc.constantFrom(...ruleSources),
  behavior: fc.constantFrom<RuleBehavior>('deny', 'ask', 'allow'),
  rule: fc.constantFrom(...RULES),
});
const modeOptions = fc.oneof(
  fc
    .constantFrom(...permissionModes.filter((m) => m !== 'plan'))
    .map((mode): Partial<ContextOptions> => ({ mode })),
  fc
    .constantFrom('default' as const, 'bypassPermissions' as const)
    .map((from): Partial<ContextOptions> => ({ mode: 'plan', planEnteredFrom: from })),
);

function build(rules: readonly Placed[], options: Partial<ContextOptions>) {
  const settings = fileSources.map((source) => {
    const of = (behavior: RuleBehavior) =>
      rules.filter((r) => r.source === source && r.behavior === behavior).map((r) => r.rule);
    return layer(source, { deny: of('deny'), ask: of('ask'), allow: of('allow') });
  });
  const memory = rules
    .filter((r): r is Placed & { source: MemorySource } => !isFileSource(r.source))
    .map((r) => ({ source: r.source, behavior: r.behavior, rule: r.rule }));
  return createPermissionContext({ cwd: CWD, home: HOME, settings, rules: memory, ...options });
}

describe('pipeline properties', () => {
  it('a deny anywhere always wins', () => {
    fc.assert(
      fc.property(
        fc.array(placed, { maxLength: 12 }),
        modeOptions,
        fc.constantFrom(...CALLS),
        fc.constantFrom(...ruleSources),
        (rules, options, call, source) => {
          const context = build([...rules, { source, behavior: 'deny', rule: call.toolName }], options);
          expect(decide(context, call, deps).behavior).toBe('deny');
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('adding an allow never turns a deny, a rule ask or a safety ask into allow', () => {
    // Asks from step 3 ("no rule matched", and what dontAsk makes of it) are exactly what an allow rule is
    // for; every deny and every ask from steps 1b–1g must survive any added allow unchanged.
    const held = new Set(['1a', '1b', '1d', '1e', '1f', '1g']);
    fc.assert(
      fc.property(
        fc.array(placed, { maxLength: 12 }),
        modeOptions,
        fc.constantFrom(...CALLS),
        placed,
        (rules, options, call, extra) => {
          const before = decide(build(rules, options), call, deps);
          const after = decide(build([...rules, { ...extra, behavior: 'allow' }], options), call, deps);
          if (held.has(before.step)) expect(after.behavior).toBe(before.behavior);
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('bypass never skips the safety check', () => {
    const bypass = fc.constantFrom<Partial<ContextOptions>>(
      { mode: 'bypassPermissions' },
      { mode: 'plan', planEnteredFrom: 'bypassPermissions' },
    );
    const allows = fc.array(
      placed.map((p) => ({ ...p, behavior: 'allow' as const })),
      { maxLength: 12 },
    );
    fc.assert(
      fc.property(allows, bypass, fc.constantFrom(...PROTECTED_CALLS), (rules, options, call) => {
        const decision = decide(build(rules, options), call, deps);
        expect(decision.behavior).toBe('ask');
        expect(decision.step).toBe('1g');
      }),
      { numRuns: 300 },
    );
  });
});
