/**
 * The deterministic part of the check, in the order docs/engine.md, The pipeline, gives:
 *
 *   1a global deny → 1b global ask (unless the sandbox will run it) → 1c the tool's own check →
 *   1d tool deny is final → 1e requiresUserInteraction → 1f content ask rules → 1g the safety check →
 *   2a the mode → 2b global allow → 3 passthrough becomes ask; then dontAsk turns ask into deny.
 *
 * "Global" rules are tool-wide ones (`Bash`, `mcp__github`, `mcp__*`); content rules (`Bash(git *)`) are
 * the tool's business in 1c. Layer 3 and hooks are asynchronous and come after (check.ts).
 */
import type { ToolPermissionContext } from '../context/context';
import { ruleIndexOf } from '../rules/rule-index';
import { familyOf, contentRuleToolName, requiresUserInteractionTools } from '../matchers/tool-catalog';
import { checkBashTool, type BashSupport } from '../tools/bash-tool';
import { checkEditTool, checkReadTool } from '../tools/file-tools';
import { checkGenericTool, checkMcpTool, checkWebFetch } from '../tools/content-tools';
import { phrase, rulePhrase, sentenceArg } from '../explain/phrases';
import type { CheckEnv, ToolCall, ToolCheck, ToolResult } from '../tools/types';
import { NEAR_MISS_LIMIT, type Decision, type DecisionReason, type PipelineStep } from '../decision';

export interface EngineDeps {
  readonly bash?: BashSupport;
  readonly realpath?: (path: string) => string | undefined;
}

/** Facts about one call that the agent knows and the rules do not. */
export interface CallFlags {
  /** Sandboxing is on and this Bash command will run inside it, so a tool-wide Bash ask is redundant (1b). */
  readonly sandboxed?: boolean;
  /** The tool exists to talk to the user (an MCP tool's annotation); AskUserQuestion always is. */
  readonly requiresUserInteraction?: boolean;
}

export function decide(
  context: ToolPermissionContext,
  call: ToolCall,
  deps: EngineDeps = {},
  flags: CallFlags = {},
): Decision {
  const rules = ruleIndexOf(context);
  const env: CheckEnv = {
    context,
    rules,
    workingDirectories: [context.cwd, ...context.additionalWorkingDirectories.map((d) => d.path)],
    realpath: deps.realpath,
  };
  const { toolName } = call;
  let check: ToolCheck | undefined;
  const finish = (
    behavior: Decision['behavior'],
    step: PipelineStep,
    reason: DecisionReason,
    classifierApprovable = false,
  ) =>
    applyDontAsk(context, {
      behavior,
      step,
      reason,
      classifierApprovable: behavior === 'ask' && classifierApprovable,
      // A decision made before 1c still lists near misses, so the tool's check runs for them.
      nearMisses: nearMisses(env, call, (check ??= checkTool(call, env, deps)), reason),
    });

  // 1a: a tool-wide deny from any source is a veto.
  const deny = rules.toolWide('deny', toolName);
  if (deny)
    return finish('deny', '1a', {
      type: 'rule',
      rule: deny.ref,
      ...phrase('decide.deniesTool', { rule: { phrase: rulePhrase(deny.ref) }, tool: { text: toolName } }),
    });

  // 1b: a tool-wide ask, unless the sandbox will contain this Bash command anyway.
  const ask = rules.toolWide('ask', toolName);
  if (ask && !(toolName === 'Bash' && flags.sandboxed)) {
    return finish('ask', '1b', {
      type: 'rule',
      rule: ask.ref,
      ...phrase('decide.asksTool', { rule: { phrase: rulePhrase(ask.ref) }, tool: { text: toolName } }),
    });
  }

  // 1c: the tool's own check.
  check = checkTool(call, env, deps);
  const result: ToolResult = check.result;

  // 1d: a tool deny is final.
  if (result.behavior === 'deny') return finish('deny', '1d', result.reason);

  // 1e: a tool that exists to ask the user is never answered for them.
  if (flags.requiresUserInteraction || requiresUserInteractionTools.has(toolName)) {
    return finish('ask', '1e', {
      type: 'tool',
      ...phrase('decide.userInteraction', { tool: { text: toolName } }),
    });
  }
  if (result.behavior === 'ask') {
    // 1f: the user said "ask me" for this content; not even bypass skips it.
    if (result.reason.type === 'rule') return finish('ask', '1f', result.reason);
    // 1g: the safety check; not even bypass skips it, only the auto-mode classifier may approve.
    if (result.reason.type === 'safetyCheck')
      return finish('ask', '1g', result.reason, result.classifierApprovable);
  }

  // 2a: the mode.
  const mode = context.mode;
  if (
    mode.name === 'bypassPermissions' ||
    (mode.name === 'plan' && mode.enteredFrom === 'bypassPermissions')
  ) {
    const said = phrase(mode.name === 'plan' ? 'mode.planFromBypass' : 'mode.bypass');
    return finish('allow', '2a', { type: 'mode', mode: mode.name, ...said });
  }
  if (mode.name === 'acceptEdits' && result.behavior === 'passthrough' && result.acceptEdits) {
    return finish('allow', '2a', {
      type: 'mode',
      mode: 'acceptEdits',
      ...phrase('mode.acceptEdits', { why: sentenceArg(result) }),
    });
  }

  // 2b: a tool-wide allow.
  const allow = rules.toolWide('allow', toolName);
  if (allow)
    return finish('allow', '2b', {
      type: 'rule',
      rule: allow.ref,
      ...phrase('decide.allowsTool', { rule: { phrase: rulePhrase(allow.ref) }, tool: { text: toolName } }),
    });

  // 3: no opinion means "a person decides", never "allowed".
  if (result.behavior === 'passthrough') {
    return finish(
      'ask',
      '3',
      { type: 'default', ...phrase('decide.noRule', { why: sentenceArg(result) }) },
      true,
    );
  }
  return finish(
    result.behavior,
    '1c',
    result.reason,
    result.behavior === 'ask' && result.classifierApprovable,
  );
}

function checkTool(call: ToolCall, env: CheckEnv, deps: EngineDeps): ToolCheck {
  switch (familyOf(call.toolName)) {
    case 'bash':
      return checkBashTool(call, env, deps.bash);
    case 'read':
      return checkReadTool(call, env);
    case 'edit':
      return checkEditTool(call, env);
    case 'webFetch':
      return checkWebFetch(call, env);
    case 'mcp':
      return checkMcpTool(call, env);
    case 'generic':
      return checkGenericTool(call, env);
  }
}

/**
 * dontAsk never prompts: whatever would ask is denied (docs/engine.md, Modes), explicit ask rules included.
 */
function applyDontAsk(context: ToolPermissionContext, decision: Decision): Decision {
  if (decision.behavior !== 'ask' || context.mode.name !== 'dontAsk') return decision;
  return {
    ...decision,
    behavior: 'deny',
    step: 'dontAsk',
    classifierApprovable: false,
    reason: {
      type: 'mode',
      mode: 'dontAsk',
      ...phrase('mode.dontAsk', { why: sentenceArg(decision.reason) }),
    },
  };
}

/** Content rules for this tool, in effective order, that do not match the call and did not decide it. */
function nearMisses(
  env: CheckEnv,
  call: ToolCall,
  check: ToolCheck,
  reason: DecisionReason,
): Decision['nearMisses'] {
  const deciding = reason.type === 'rule' ? new Set([reason.rule, ...(reason.otherRules ?? [])]) : new Set();
  const ruleTool = contentRuleToolName(call.toolName);
  const misses: Decision['nearMisses'][number][] = [];
  for (const behavior of ['deny', 'ask', 'allow'] as const) {
    for (const rule of env.rules.contentRules(behavior, ruleTool)) {
      if (misses.length >= NEAR_MISS_LIMIT) return misses;
      if (!deciding.has(rule.ref) && !check.matches(rule)) misses.push(rule.ref);
    }
  }
  return misses;
}
