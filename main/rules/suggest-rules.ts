/**
 * The rules "Always allow" and the timed grants offer, ready to edit: the agent's own suggestions when it
 * sent some (Claude Code does), otherwise rules of the right size for the tool family — per subcommand
 * for Bash, the file for edits and reads, the domain for WebFetch. None that opens the door: no rule the
 * engine calls broad, none for a shell, interpreter or downloader even exactly, none for a secret's path,
 * none for a command the engine rates destructive, privileged or reading secrets (the agent's own
 * suggestions included: Claude Code offers `Bash(rm -rf build)` as readily as `Bash(npm test *)`).
 */
import { relative } from 'node:path';
import type { PermissionRequest, PermissionUpdate } from '../../common/protocol';
import {
  assessRisk,
  checkRule,
  dangerousRisks,
  familyOf,
  formatRule,
  secretPathKind,
  startsWithRunner,
} from '../../engine';
import type { BashSupport } from '../../engine';
import { splitForSuggestion } from '../../engine';
import { memoizeByText } from './text-memo';

function pathRule(tool: 'Edit' | 'Read', file: string, cwd: string): string {
  const inside = relative(cwd, file);
  return inside && !inside.startsWith('..') && !inside.startsWith('/')
    ? `${tool}(./${inside})`
    : `${tool}(/${file})`;
}

/** How many candidate rules' verdicts are kept: whether one may be offered depends on its text alone. */
const VERDICT_CACHE_SIZE = 512;

/** What a suggestion is made from: a waiting request, or a past one as history kept it. */
export type SuggestionSource = Pick<PermissionRequest, 'tool' | 'input' | 'cwd'> & {
  readonly suggestions?: readonly PermissionUpdate[] | undefined;
};

export function createRuleSuggester(bash: BashSupport): (request: SuggestionSource) => string[] {
  // About half of a screening's time went to checking the same candidates again: agents repeat commands.
  const offerable = memoizeByText((rule) => mayOffer(rule, bash), VERDICT_CACHE_SIZE);
  return (request) => candidateRules(request, bash).filter(offerable);
}

/** Whether a rule may be offered at all, whoever proposed it (a suggestion, a grant made again and again). */
export function mayOffer(rule: string, bash: BashSupport): boolean {
  const check = checkRule(rule, 'allow');
  if (!check.ok || check.broad !== undefined) return false;
  const { toolName, ruleContent } = check.value;
  return (
    toolName !== 'Bash' ||
    ruleContent === undefined ||
    (!startsWithRunner(ruleContent) && !isDangerousCommand(ruleContent, bash))
  );
}

/** A Bash rule's content read as the command it names: `rm:*` and `rm -rf *` are both `rm`'s. */
function isDangerousCommand(content: string, bash: BashSupport): boolean {
  const command = content.replace(/(?::\*|\s*\*)$/, '');
  return dangerousRisks.has(assessRisk({ toolName: 'Bash', input: { command } }, bash));
}

function candidateRules(request: SuggestionSource, bash: BashSupport): string[] {
  const fromAgent = (request.suggestions ?? []).flatMap((update) =>
    update.type === 'addRules' && update.behavior === 'allow'
      ? update.rules.map((rule) => formatRule(rule))
      : [],
  );
  if (fromAgent.length) return fromAgent;

  const { tool, input } = request;
  if (tool === 'Bash' && typeof input.command === 'string') {
    const analysis = bash.analyzer.analyze(input.command);
    return analysis.ok ? splitForSuggestion(analysis).map((content) => `Bash(${content})`) : [];
  }
  const file = input.file_path ?? input.notebook_path;
  if (typeof file === 'string' && (familyOf(tool) === 'edit' || tool === 'Read')) {
    if (secretPathKind(file) !== undefined) return [];
    return [pathRule(tool === 'Read' ? 'Read' : 'Edit', file, request.cwd)];
  }
  if (tool === 'WebFetch' && typeof input.url === 'string' && URL.canParse(input.url)) {
    return [`WebFetch(domain:${new URL(input.url).hostname})`];
  }
  return [tool];
}
