/**
 * Allows that hand over far more than they read as: every command, every edit, every URL, or an
 * interpreter or runner with any arguments (which is again every command: `python -c …`, `npx anything`).
 */
import type { CompiledRule } from '../compile';
import { bashPatternContains, bashPatternMatchesEverything } from './wildcard';
import { placeOf, type RuleWarning } from './types';

const WHOLE_TOOLS = {
  Bash: 'every shell command',
  Edit: 'editing every file',
  MultiEdit: 'editing every file',
  Write: 'writing every file',
  NotebookEdit: 'editing every notebook',
  WebFetch: 'fetching every URL',
};
// A Map, so a rule for a tool named `__proto__` or `constructor` finds nothing rather than Object's own keys.
const WHOLE_TOOL_BY_NAME: ReadonlyMap<string, string> = new Map(Object.entries(WHOLE_TOOLS));

/** Commands that run whatever their arguments say. */
const RUNNERS = [
  'bash',
  'sh',
  'zsh',
  'fish',
  'eval',
  'exec',
  'sudo',
  'doas',
  'su',
  'env',
  'xargs',
  'python',
  'python3',
  'node',
  'deno',
  'bun',
  'ruby',
  'perl',
  'php',
  'pwsh',
  'powershell',
  'npx',
  'bunx',
  'uvx',
  'pnpm dlx',
  'yarn dlx',
  'npm exec',
  'uv run',
  'docker exec',
  'docker run',
  'kubectl exec',
  'ssh',
  'bash -c',
  'sh -c',
  'python -c',
  'python3 -c',
  'node -e',
  'perl -e',
  'ruby -e',
] as const;

export function broadAllowWarnings(rules: readonly CompiledRule[]): RuleWarning[] {
  const warnings: RuleWarning[] = [];
  for (const rule of rules) {
    if (rule.ref.behavior !== 'allow' || rule.skipped !== undefined || rule.name.kind !== 'exact') continue;
    const what = breadthOf(rule, rule.name.name);
    if (what === undefined) continue;
    warnings.push({
      kind: 'broad-allow',
      rule: rule.ref,
      message: `The allow rule ${rule.ref.text} from ${placeOf(rule.ref)} allows ${what} without asking.`,
    });
  }
  return warnings;
}

function breadthOf(rule: CompiledRule, tool: string): string | undefined {
  const content = rule.content;
  if (content === undefined) return WHOLE_TOOL_BY_NAME.get(tool);
  if (content.kind === 'bash') {
    if (bashPatternMatchesEverything(content.pattern)) return WHOLE_TOOLS.Bash;
    const runner = RUNNERS.find((r) => bashPatternContains(`${r} *`, content.pattern));
    return runner === undefined ? undefined : `\`${runner}\` with any arguments, which can run any command`;
  }
  // `Edit(//**)` is every file on the disk and `WebFetch(domain:*)` every host: the whole tool in all but name.
  if (
    content.kind === 'path' &&
    tool === 'Edit' &&
    content.matcher.root === '/' &&
    content.matcher.pattern === '/**'
  )
    return WHOLE_TOOLS.Edit;
  if (content.kind === 'domain' && rule.rule.ruleValue.ruleContent === 'domain:*')
    return WHOLE_TOOLS.WebFetch;
  return undefined;
}
