/**
 * What the classifier may judge at all, before any judge is asked (pure). The judge — the engine's analysis
 * or a model — only ever answers inside this fence: a class the person enabled, a call the engine left to
 * a person for want of a rule, no danger, no protected path, no hidden character, nothing outside the
 * working directories (docs/engine.md, Layer 3).
 */
import { acpCallOf, type AcpCall } from '../../common/acp-call';
import type { ClassifierClass, ClassifierFamily, ClassifierHold } from '../../common/classifier-contract';
import type { ClassifierSettings } from '../../common/classifier-contract';
import { inputHidesText } from '../../common/hidden-code-points';
import type { AgentInfo, PermissionRequest } from '../../common/protocol';
import type { Explanation } from '../../common/queue-contract';
import {
  assessRisk,
  callDangers,
  callOutsideScope,
  decide,
  familyOf,
  pathsOutside,
  protectedPathOf,
} from '../../engine';
import type {
  BashSupport,
  DangerPlace,
  Decision,
  RiskLabel,
  ToolCall,
  ToolPermissionContext,
} from '../../engine';

/**
 * The steps after which nothing but a person decides for want of a rule: the engine's "no rule matched"
 * (3), and an ACP agent asking its editor (its own rules already said ask).
 */
const JUDGEABLE_STEPS = new Set(['3', 'acp']);

export type Gate =
  /** Not the classifier's to look at: its family is off, or the agent has a classifier of its own. */
  | { readonly kind: 'skip' }
  | {
      readonly kind: 'hold';
      readonly hold: ClassifierHold;
      readonly looks?: ClassifierClass;
      readonly detail?: string;
    }
  | {
      readonly kind: 'judge';
      readonly looks: ClassifierClass;
      /** The call as the judge sees it: an ACP call in the engine's terms. */
      readonly call: ToolCall;
      readonly risk: RiskLabel;
      readonly place: DangerPlace;
    };

export function classifierFamilyOf(request: PermissionRequest, agent: AgentInfo): ClassifierFamily {
  if (acpCallOf(request)) return 'acp';
  if (agent.name === 'claude-code') return 'claude-code';
  return agent.name === 'codex' ? 'codex' : 'sdk';
}

export interface GateInput {
  readonly request: PermissionRequest;
  readonly agent: AgentInfo;
  readonly explanation: Explanation;
  /** The session's working directories, the cwd first. */
  readonly roots: readonly string[];
  readonly home: string;
  readonly settings: ClassifierSettings;
  readonly bash: BashSupport;
  /** The rules the agent's profile reads in its folder: for an ACP call, what a one-click rule wrote. */
  readonly context: ToolPermissionContext;
}

export function gate(input: GateInput): Gate {
  const { request, agent, explanation, settings } = input;
  const family = classifierFamilyOf(request, agent);
  if (!settings.families[family]) return { kind: 'skip' };
  // Claude Code's auto mode has its own classifier; only its manual mode (`default`) is Gatehouse's to judge.
  if (family === 'claude-code' && request.mode !== 'default') return { kind: 'skip' };
  // Codex judges escalations itself only outside on-request (its automatic reviewer, `untrusted`'s list).
  const policy = explanation.codex?.approvalPolicy;
  if (family === 'codex' && policy !== undefined && policy !== 'on-request') return { kind: 'skip' };

  const ruled = ruleHold(explanation);
  if (ruled) return ruled;
  const acp = acpCallOf(request);
  // ACP and Codex calls carry no working directories of their own (Codex's explainer counts every folder so
  // a grant can answer a write it asked about, codex-context.ts): the fence stays at the session's folder.
  const ownFolderOnly = acp !== undefined || family === 'codex';
  const place: DangerPlace = {
    cwd: request.cwd,
    home: input.home,
    roots: ownFolderOnly ? [request.cwd] : input.roots,
  };
  const seen = acp ? acpView(acp, input.bash) : engineView(request, input.bash);
  const looks = seen?.looks;
  if (explanation.needsSecondLook || inputHidesText(request.input)) return hold('second-look', looks);
  if (!seen) return hold('no-class');
  if (acp && ruledAgainst(decide(input.context, seen.call, { bash: input.bash })))
    return hold('rule', seen.looks);
  const outside = outsideOf(seen, input.bash, place);
  if (outside !== undefined) return { kind: 'hold', hold: 'outside', looks: seen.looks, detail: outside };
  if (seen.looks === 'project-edits' && seen.paths.some((path) => writeNeedsALook(path, place)))
    return hold('second-look', seen.looks);
  if (!settings.classes.includes(seen.looks)) return hold('class-off', seen.looks);
  return { kind: 'judge', looks: seen.looks, call: seen.call, risk: seen.risk, place };
}

/** A deny, or an ask a rule made: the person's word on this call, which no judge outranks. */
function ruledAgainst(decision: Decision): boolean {
  return decision.behavior === 'deny' || (decision.behavior === 'ask' && decision.reason.type === 'rule');
}

function hold(why: ClassifierHold, looks?: ClassifierClass): Gate {
  return { kind: 'hold', hold: why, ...(looks ? { looks } : {}) };
}

/**
 * Deny and ask rules come first: the agent's own, Codex's exec policy, the engine's safety check. An allow
 * by the engine's reading (Codex asks about commands Claude Code never would) means none of them applied.
 */
function ruleHold(explanation: Explanation): Gate | undefined {
  const { reason, step, codex } = explanation;
  if (explanation.behavior === 'deny' || (reason.type === 'rule' && explanation.behavior === 'ask'))
    return hold('rule');
  if (codex?.execPolicy.state === 'matched' && codex.execPolicy.decision !== 'allow') return hold('rule');
  if (reason.type === 'safetyCheck') return hold('second-look');
  if (reason.type === 'workingDirectories')
    return {
      kind: 'hold',
      hold: 'outside',
      ...(explanation.outsidePath ? { detail: explanation.outsidePath } : {}),
    };
  return explanation.behavior === 'allow' || JUDGEABLE_STEPS.has(step) ? undefined : hold('no-class');
}

interface Seen {
  readonly looks: ClassifierClass;
  readonly call: ToolCall;
  readonly risk: RiskLabel;
  /** Every path the call names besides a command's words. */
  readonly paths: readonly string[];
}

function engineView(request: PermissionRequest, bash: BashSupport): Seen | undefined {
  const call: ToolCall = { toolName: request.tool, input: request.input };
  const risk = assessRisk(call, bash);
  const family = familyOf(call.toolName);
  if (family === 'bash' && risk === 'read-only')
    return { looks: 'read-only-commands', call, risk, paths: [] };
  if (family === 'read' && risk === 'read-only') return { looks: 'read-only-tools', call, risk, paths: [] };
  if (family === 'edit') {
    const paths = ['file_path', 'notebook_path']
      .map((field) => request.input[field])
      .filter((path): path is string => typeof path === 'string');
    if (paths.length > 0) return { looks: 'project-edits', call, risk, paths };
  }
  return undefined;
}

/** An ACP call by what its content says it does; a title alone says nothing the classifier can vouch for. */
function acpView(acp: AcpCall, bash: BashSupport): Seen | undefined {
  const located = acp.locations.map((where) => where.path);
  if (acp.kind === 'execute' && acp.command !== undefined) {
    const call = { toolName: 'Bash', input: { command: acp.command } };
    const risk = assessRisk(call, bash);
    return risk === 'read-only' ? { looks: 'read-only-commands', call, risk, paths: located } : undefined;
  }
  if ((acp.kind === 'read' || acp.kind === 'search') && located.length > 0 && acp.diffs.length === 0) {
    const call = { toolName: 'Read', input: { file_path: located[0] } };
    const risks = located.map((path) => assessRisk({ toolName: 'Read', input: { file_path: path } }, bash));
    return risks.every((risk) => risk === 'read-only')
      ? { looks: 'read-only-tools', call, risk: 'read-only', paths: located }
      : undefined;
  }
  if (acp.kind === 'edit' && acp.diffs.length > 0) {
    const paths = [...acp.diffs.map((diff) => diff.path), ...located];
    return {
      looks: 'project-edits',
      call: { toolName: 'Edit', input: { file_path: paths[0] } },
      risk: 'writes files',
      paths,
    };
  }
  return undefined;
}

function outsideOf(seen: Seen, bash: BashSupport, place: DangerPlace): string | undefined {
  const outside = callOutsideScope(seen.call, bash, place) ?? pathsOutside(seen.paths, place);
  return outside?.text;
}

/** A write the engine would flag, whichever tool makes it: a start-up file, a secret, a protected path. */
function writeNeedsALook(path: string, place: DangerPlace): boolean {
  if (protectedPathOf(path) !== undefined) return true;
  return callDangers({ toolName: 'Write', input: { file_path: path } }, undefined, place).length > 0;
}
