/**
 * Rules proposed from history (docs/console.md, Suggestions): when a person keeps allowing the same kind of
 * call in one project, or keeps making the same timed grant there, the narrowest rule that covers those
 * calls — the rule the card itself would suggest — is offered once the engine has tried it on every past
 * question of the project. Pure: the questions, the dismissals and how a rule stands in today's settings
 * come in from the caller.
 */
import type { PastQuestion, PastQuestionView, ProposalView } from '../../../common/proposals-contract';
import { PROPOSAL_THRESHOLDS } from '../../../common/proposals-contract';
import type { RacerKind } from '../../../common/protocol';
import { summarizeRequest } from '../../../common/request-summary';
import { familyOf, parseRule, ruleAlone } from '../../../engine';
import type { BashSupport, ToolCall } from '../../../engine';
import { stemOf } from '../near-misses';
import { secondLookOf } from '../second-look';
import { createRuleSuggester, mayOffer } from '../suggest-rules';
import { memoizeBash } from '../text-memo';

export interface ProposalPlace {
  /** Whether the rule, saved in the folder's local settings, would decide this call in today's settings. */
  readonly stands: (cwd: string, rule: string, call: ToolCall) => boolean;
  readonly dismissed: (cwd: string, rule: string) => boolean;
  /** The file a proposal for this folder is saved in. */
  readonly fileFor: (cwd: string) => string;
}

/**
 * Agents whose questions a saved rule stops. Only Claude Code reads the files the rule editor writes; Codex
 * asks by its own `.rules`, and an ACP agent asks its editor.
 */
export const PROPOSING_AGENTS: readonly string[] = ['claude-code'];
const LEARNS_FROM: ReadonlySet<string> = new Set(PROPOSING_AGENTS);

/** Racers that are a person answering. */
const PERSON: ReadonlySet<RacerKind> = new Set(['console', 'notification', 'tray', 'phone']);

const DAY_MS = 24 * 60 * 60_000;
const LINE_CHARS = 160;
const GRANT_CHANNEL = 'grant:';

const personAllowed = (q: PastQuestion) =>
  q.outcome === 'allow' && ((q.by !== undefined && PERSON.has(q.by)) || q.terminal === true);
/** A deny by anyone but the clock: a person, a deny rule's hook, the terminal's No. */
const denied = (q: PastQuestion) => q.outcome === 'deny' && q.by !== 'timeout';
const grantRuleOf = (q: PastQuestion) =>
  q.by === 'grant' && q.channel?.startsWith(GRANT_CHANNEL)
    ? q.channel.slice(GRANT_CHANNEL.length)
    : undefined;

function viewOf(q: PastQuestion): PastQuestionView {
  return {
    id: q.id,
    tool: q.tool,
    line: summarizeRequest(q.tool, q.input, LINE_CHARS, undefined, { keepHidden: true }).line.text,
    receivedAt: q.receivedAt,
    outcome: q.outcome ?? 'pending',
    ...(q.by ? { by: q.by } : {}),
  };
}

export interface ProposeOptions {
  readonly questions: readonly PastQuestion[];
  readonly now: number;
  readonly bash: BashSupport;
  readonly home: string;
  readonly place: ProposalPlace;
}

export function proposeRules({
  questions,
  now,
  bash: plainBash,
  home,
  place,
}: ProposeOptions): ProposalView[] {
  // Every candidate rule is tried on the same commands: each is parsed once.
  const bash = memoizeBash(plainBash, PROPOSAL_THRESHOLDS.window * 2);
  const suggest = createRuleSuggester(bash);
  const byFolder = new Map<string, PastQuestion[]>();
  for (const q of questions) {
    if (!LEARNS_FROM.has(q.agent)) continue;
    const list = byFolder.get(q.cwd) ?? [];
    if (list.length < PROPOSAL_THRESHOLDS.window) list.push(q);
    byFolder.set(q.cwd, list);
  }
  const since = now - PROPOSAL_THRESHOLDS.days * DAY_MS;
  const proposals: ProposalView[] = [];
  for (const [cwd, asked] of byFolder) {
    const place_ = { cwd, home, roots: [cwd] };
    // Memoized per question: every candidate rule asks it of every question it covers.
    const looks = new Map<string, boolean>();
    const needsLook = (q: PastQuestion) => {
      let needed = looks.get(q.id);
      if (needed === undefined) {
        needed = secondLookOf({ toolName: q.tool, input: q.input }, bash, place_).needed;
        looks.set(q.id, needed);
      }
      return needed;
    };
    const recent = asked.filter((q) => q.receivedAt >= since);
    const candidates = new Map<string, 'allows' | 'grants'>();
    for (const q of recent) {
      const granted = grantRuleOf(q);
      if (granted !== undefined && mayOffer(granted, bash)) candidates.set(granted, 'grants');
      if (!personAllowed(q) || needsLook(q)) continue;
      // One rule must cover the whole call; a chain that needs a rule per part is left to the card.
      const suggested = suggest(q);
      if (suggested.length === 1 && !candidates.has(suggested[0]!)) candidates.set(suggested[0]!, 'allows');
    }
    const found: Array<ProposalView & { readonly covered: ReadonlySet<string> }> = [];
    for (const [rule, kind] of mostLikely(candidates, recent, needsLook)) {
      if (place.dismissed(cwd, rule)) continue;
      const judged = judgeCandidate(rule, kind, asked, since, { cwd, home, bash, needsLook });
      if (!judged) continue;
      const newest = judged.covered[0]!;
      if (!place.stands(cwd, rule, { toolName: newest.tool, input: newest.input })) continue;
      found.push({
        rule,
        kind,
        agent: newest.agent,
        cwd,
        file: place.fileFor(cwd),
        allows: judged.allows,
        grantSessions: judged.grantSessions,
        answered: judged.covered.length,
        examined: asked.length,
        alsoAllows: [...judged.covered]
          .sort((a, b) => Number(denied(b)) - Number(denied(a)) || b.receivedAt - a.receivedAt)
          .map(viewOf),
        covered: new Set(judged.counted),
      });
    }
    proposals.push(...narrowest(found));
  }
  return proposals;
}

/** The most candidates the engine tries per folder, most allowed first: each is tried on every question. */
const CANDIDATES_TRIED = 20;

/**
 * The candidates that could reach the threshold, most likely first, at most `CANDIDATES_TRIED`. A cheap
 * bound stands in for the engine here: a rule covers a call only if the call names the rule's literal
 * start, so calls that do not cannot count toward it. Only which candidates are tried depends on it; what
 * a tried rule covers is the engine's answer.
 */
function mostLikely(
  candidates: ReadonlyMap<string, 'allows' | 'grants'>,
  recent: readonly PastQuestion[],
  needsLook: (q: PastQuestion) => boolean,
): Array<[string, 'allows' | 'grants']> {
  const allowed = recent.filter((q) => personAllowed(q) && !needsLook(q));
  const bounded = [...candidates].map(([rule, kind]): [string, 'allows' | 'grants', number] => {
    if (kind === 'grants') {
      const sessions = new Set(recent.filter((q) => grantRuleOf(q) === rule).map((q) => q.sessionId));
      return [rule, kind, sessions.size >= PROPOSAL_THRESHOLDS.grantSessions ? Number.MAX_SAFE_INTEGER : 0];
    }
    const parsed = parseRule(rule);
    if (!parsed.ok) return [rule, kind, 0];
    const family = familyOf(parsed.value.toolName);
    const stem = stemOf(rule);
    const count = allowed.filter(
      (q) =>
        (q.tool === parsed.value.toolName || familyOf(q.tool) === family) &&
        JSON.stringify(q.input).includes(JSON.stringify(stem).slice(1, -1)),
    ).length;
    return [rule, kind, count];
  });
  return bounded
    .filter(([, kind, count]) => (kind === 'grants' ? count > 0 : count >= PROPOSAL_THRESHOLDS.allows))
    .sort((a, b) => b[2] - a[2])
    .slice(0, CANDIDATES_TRIED)
    .map(([rule, kind]) => [rule, kind]);
}

/**
 * The rule tried alone on every question of the project, as the rule preview tries it. It is proposed when
 * enough of what it covers was allowed by a person (or answered by a grant of it in enough sessions), none
 * of it was denied within the days counted, and nothing it covers would need a second look.
 */
function judgeCandidate(
  rule: string,
  kind: 'allows' | 'grants',
  asked: readonly PastQuestion[],
  since: number,
  setting: {
    readonly cwd: string;
    readonly home: string;
    readonly bash: BashSupport;
    readonly needsLook: (q: PastQuestion) => boolean;
  },
) {
  const parsed = parseRule(rule);
  if (!parsed.ok) return undefined;
  const decides = ruleAlone(
    { source: 'session', ruleBehavior: 'allow', ruleValue: parsed.value, origin: { anchorDir: setting.cwd } },
    { cwd: setting.cwd, home: setting.home, bash: setting.bash },
  );
  // A rule decides only calls of its own tool family; asking the engine about the others would say no.
  const family = familyOf(parsed.value.toolName);
  const covered = asked.filter(
    (q) =>
      (q.tool === parsed.value.toolName || familyOf(q.tool) === family) &&
      decides({ toolName: q.tool, input: q.input }),
  );
  if (covered.some(setting.needsLook)) return undefined;
  const recent = covered.filter((q) => q.receivedAt >= since);
  if (recent.some(denied)) return undefined;
  const counted = recent.filter(personAllowed).map((q) => q.id);
  const grantSessions = new Set(recent.filter((q) => grantRuleOf(q) === rule).map((q) => q.sessionId)).size;
  const enough =
    kind === 'allows'
      ? counted.length >= PROPOSAL_THRESHOLDS.allows
      : grantSessions >= PROPOSAL_THRESHOLDS.grantSessions;
  if (!enough || covered.length === 0) return undefined;
  return { covered, counted: kind === 'allows' ? counted : [], allows: counted.length, grantSessions };
}

/**
 * Of rules that cover the same allows, the one that covers the fewest past questions: `Bash(npm test *)`
 * rather than an agent's `Bash(npm:*)` proposed from the same calls.
 */
function narrowest<P extends ProposalView & { readonly covered: ReadonlySet<string> }>(
  found: readonly P[],
): ProposalView[] {
  const chosen: P[] = [];
  for (const p of [...found].sort((a, b) => a.answered - b.answered)) {
    const seen = chosen.some((c) => p.covered.size > 0 && [...p.covered].every((id) => c.covered.has(id)));
    if (!seen) chosen.push(p);
  }
  return chosen
    .sort((a, b) => b.allows + b.grantSessions - (a.allows + a.grantSessions))
    .map(({ covered: _covered, ...view }) => view);
}
