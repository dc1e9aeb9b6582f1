/**
 * Why an ACP agent asked: it asked its editor, as ACP has it ask for any call it wants a person to see.
 * The console's engine is not run on it: ACP agents keep their own rules, and a Claude Code verdict on a
 * title such as "touch made.txt" would be made up. What the console can still tell is the risk, from what
 * the call's content says it runs or changes; when the content does not say, the risk is `unknown`, unless
 * a command's title reads as dangerous (below).
 */
import type { AcpCall } from '../../common/acp-call';
import { agentLabel } from '../../common/agent-label';
import { inputHidesText } from '../../common/hidden-code-points';
import type { Explanation } from '../../common/queue-contract';
import type { AgentInfo } from '../../common/protocol';
import { assessRisk, bashDangers, dangerousRisks, protectedPathOf } from '../../engine';
import type { BashDanger, BashSupport, DangerPlace, RiskLabel } from '../../engine';
import { subcommandPart } from './subcommand-part';

export function acpExplanation(
  call: AcpCall,
  agent: AgentInfo,
  input: Readonly<Record<string, unknown>>,
  bash: BashSupport,
  place: DangerPlace,
  title?: string,
): Explanation {
  const risk = riskOf(call, bash, title);
  const dangers = call.command === undefined ? [] : bashDangers(call.command, bash, place);
  const paths = [...call.diffs.map((diff) => diff.path), ...call.locations.map((where) => where.path)];
  const protectedPath = paths.map((path) => protectedPathOf(path)?.path).find((path) => path !== undefined);
  const kind = call.kind ? ` (ACP kind ${call.kind})` : '';
  const subcommands = call.command === undefined ? undefined : subcommandsOf(call.command, bash, dangers);
  return {
    behavior: 'ask',
    step: 'acp',
    reason: { type: 'acp', message: `${agentLabel(agent.name)} asked its editor through ACP${kind}.` },
    nearMisses: [],
    risk,
    // A command's second look follows its dangers, as in request-explainer.ts.
    needsSecondLook:
      (call.command === undefined && dangerousRisks.has(risk)) ||
      dangers.length > 0 ||
      protectedPath !== undefined ||
      inputHidesText(input),
    ...(dangers.length ? { dangers } : {}),
    ...(protectedPath ? { protectedPath } : {}),
    ...(subcommands ? { subcommands } : {}),
    suggestedRules: [],
  };
}

/**
 * The risk the content shows: the command through the same Bash analysis, else the files it names. A
 * command only in the title (Gemini CLI 0.61's shell tool sends no raw input) is the agent's words, not
 * what runs, so the title may raise the risk shown to a dangerous one, never lower it below `unknown`.
 */
function riskOf(call: AcpCall, bash: BashSupport, title: string | undefined): RiskLabel {
  if (call.command !== undefined)
    return assessRisk({ toolName: 'Bash', input: { command: call.command } }, bash);
  if (call.kind === 'execute' && title) {
    const read = assessRisk({ toolName: 'Bash', input: { command: title } }, bash);
    if (dangerousRisks.has(read)) return read;
  }
  if (call.kind === 'delete') return 'destructive';
  if (call.diffs.length > 0 || call.kind === 'edit' || call.kind === 'move') return 'writes files';
  if (call.kind === 'fetch') return 'network';
  if (call.kind === 'read' || call.kind === 'search') {
    const reads = call.locations.map((where) =>
      assessRisk({ toolName: 'Read', input: { file_path: where.path } }, bash),
    );
    return reads.includes('reads secrets') ? 'reads secrets' : 'read-only';
  }
  return 'unknown';
}

/** A compound command's parts, so the card can show each; ACP agents have no rules here to match them. */
function subcommandsOf(
  command: string,
  bash: BashSupport,
  dangers: readonly BashDanger[],
): Explanation['subcommands'] {
  const analysis = bash.analyzer.analyze(command);
  if (!analysis.ok || analysis.subcommands.length < 2) return undefined;
  return analysis.subcommands.map((sub) => subcommandPart(sub, bash, dangers));
}
