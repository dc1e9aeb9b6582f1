/**
 * The promise behind "shadowed" is semantic: the rule never decides a call. These properties hold the path
 * containment to the real path matcher, and whole warnings to the real pipeline with the real Bash parser.
 */
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { createPermissionContext } from '../../context/context';
import { compilePathPattern, type PathMatcher } from '../../matchers/path';
import { decide } from '../../pipeline/decide';
import { loadInstalledBashSupport } from '../../node/bash-wasm';
import type { BashSupport } from '../../tools/bash-tool';
import type { ToolCall } from '../../tools/types';
import type { RuleBehavior } from '../../types';
import { pathPatternContains } from './path-containment';
import { analyzeRules } from '.';

const cwd = '/work/p';
const home = '/home/dev';

const segment = fc.constantFrom('a', 'b', 'src', 'SRC', 'x.ts', '*.ts', '*', '**', 'p', 'work');
const pathPattern = fc
  .tuple(fc.constantFrom('//', '/', './', '~/', ''), fc.array(segment, { minLength: 1, maxLength: 4 }))
  .map(([prefix, segments]) => `${prefix}${segments.join('/')}`);
const pathText = fc
  .tuple(
    fc.constantFrom('/', '/work/p/', '/home/dev/', '/home/dev/.claude/', '/work/', '/Work/p/'),
    fc.array(fc.constantFrom('a', 'b', 'src', 'SRC', 'x.ts', 'p', 'work'), { minLength: 1, maxLength: 5 }),
  )
  .map(([root, segments]) => `${root}${segments.join('/')}`);

function compiled(content: string, behavior: RuleBehavior, anchorDir: string): PathMatcher | undefined {
  const result = compilePathPattern(content, behavior, { cwd, home, anchorDir });
  return result.ok ? result.matcher : undefined;
}

describe('path containment soundness', () => {
  it('whenever A is contained in B, every path A matches also matches B', () => {
    let contained = 0;
    let checked = 0;
    const anchor = fc.constantFrom(cwd, '/home/dev/.claude');
    // Random pairs, and pairs where A extends B's folder, which is where containment is claimed.
    const nested = fc
      .tuple(
        pathPattern,
        fc.array(segment, { minLength: 0, maxLength: 2 }),
        fc.constantFrom('**', '*', 'x.ts'),
      )
      .map(([b, more, last]) => [[b, ...more, last].join('/'), `${b}/**`] as const);
    const pair = fc.oneof(fc.tuple(pathPattern, pathPattern), nested);
    fc.assert(
      fc.property(
        pair,
        anchor,
        anchor,
        fc.array(pathText, { minLength: 30, maxLength: 30 }),
        ([a, b], anchorA, anchorB, paths) => {
          const inner = compiled(a, 'allow', anchorA);
          const outer = compiled(b, 'deny', anchorB);
          if (!inner || !outer || !pathPatternContains(inner, outer)) return;
          contained++;
          for (const path of paths) {
            if (!inner.matches(path)) continue;
            checked++;
            expect([a, b, path, outer.matches(path)]).toEqual([a, b, path, true]);
          }
        },
      ),
      { numRuns: 5000 },
    );
    expect(contained).toBeGreaterThan(100);
    expect(checked).toBeGreaterThan(50);
  });
});

describe('a shadowed rule never decides a call', () => {
  let bash: BashSupport;
  beforeAll(async () => {
    bash = await loadInstalledBashSupport();
  });

  const bashRule = fc
    .tuple(
      fc.constantFrom('git', 'git push', 'rm', 'rm -rf', 'ls', 'npm', 'npm run'),
      fc.constantFrom('', ' *', ':*', '*', ' -f *', ' origin'),
    )
    .map(([head, tail]) => `Bash(${head}${tail})`);
  const readRule = pathPattern.map((p) => `Read(${p})`);
  const rule = fc.tuple(
    fc.constantFrom<RuleBehavior>('deny', 'ask', 'allow'),
    fc.oneof(bashRule, readRule, fc.constantFrom('Bash', 'Read', 'Edit(//work/**)', 'Edit(./src/x.ts)')),
  );
  const command = fc
    .array(
      fc.tuple(
        fc.constantFrom('git', 'git push', 'rm', 'rm -rf', 'ls', 'lsof', 'npm', 'npm run', 'cat'),
        fc.constantFrom('', ' -f x', ' origin', ' src/x.ts', ' /work/a'),
      ),
      { minLength: 1, maxLength: 2 },
    )
    .map((parts) => parts.map(([head, tail]) => `${head}${tail}`).join(' && '));
  const call = fc.oneof(
    command.map((c): ToolCall => ({ toolName: 'Bash', input: { command: c } })),
    fc
      .tuple(fc.constantFrom('Read', 'Grep', 'Edit', 'Write'), pathText)
      .map(([toolName, path]): ToolCall => ({
        toolName,
        input: toolName === 'Grep' ? { pattern: 'x', path } : { file_path: path },
      })),
  );

  it('holds over random rule sets and calls', () => {
    let shadowed = 0;
    fc.assert(
      fc.property(
        fc.array(rule, { minLength: 2, maxLength: 5 }),
        fc.array(call, { minLength: 5, maxLength: 5 }),
        (rules, calls) => {
          let context;
          try {
            context = createPermissionContext({
              cwd,
              home,
              rules: rules.map(([behavior, text]) => ({ source: 'session', behavior, rule: text })),
            });
          } catch {
            return;
          }
          for (const warning of analyzeRules(context).filter((w) => w.kind === 'shadowed')) {
            shadowed++;
            for (const c of calls) {
              const decision = decide(context, c, { bash });
              const deciding =
                decision.reason.type === 'rule'
                  ? [decision.reason.rule, ...(decision.reason.otherRules ?? [])]
                  : [];
              expect(
                deciding.some((r) => r.behavior === warning.rule.behavior && r.text === warning.rule.text),
              ).toBe(false);
            }
          }
        },
      ),
      { numRuns: 1500 },
    );
    expect(shadowed).toBeGreaterThan(100);
  });
});
