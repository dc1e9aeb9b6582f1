/**
 * WebFetch, MCP tools and every other tool: no special danger of their own, so their self-check is just
 * their content rules, deny then ask then allow, read the family's way: a hostname for WebFetch
 * (`domain:`), `param:value` for MCP tools, the primary field (`Agent(Explore)`, `Skill(deploy *)`) for
 * the rest.
 */
import { hostOf } from '../matchers/domain';
import type { CompiledRule } from '../rules/compile';
import { paramVerdict, ruleReason, stringField } from './rule-eval';
import { phrase } from '../explain/phrases';
import type { CheckEnv, ToolCall, ToolCheck, ToolResult } from './types';

export function checkWebFetch(call: ToolCall, env: CheckEnv): ToolCheck {
  const url = stringField(call.input, 'url') ?? '';
  const host = hostOf(url);
  const matches = (rule: CompiledRule): boolean =>
    paramVerdict(rule, call.input) ??
    (rule.content?.kind === 'domain' && host !== undefined && rule.content.test(host));
  const byRules = byContentRules(call, env, matches, host === undefined ? url : host);
  if (byRules.behavior === 'passthrough' && host === undefined) {
    return {
      result: {
        behavior: 'ask',
        reason: { type: 'tool', ...phrase('content.noHost', { url: { literal: url } }) },
        classifierApprovable: false,
      },
      matches,
    };
  }
  return { result: byRules, matches };
}

export function checkMcpTool(call: ToolCall, env: CheckEnv): ToolCheck {
  const matches = (rule: CompiledRule): boolean => paramVerdict(rule, call.input) === true;
  return { result: byContentRules(call, env, matches, call.toolName), matches };
}

export function checkGenericTool(call: ToolCall, env: CheckEnv): ToolCheck {
  const matches = (rule: CompiledRule): boolean => {
    const param = paramVerdict(rule, call.input);
    if (param !== undefined) return param;
    if (rule.content?.kind !== 'field') return false;
    const value = stringField(call.input, rule.content.field);
    return value !== undefined && rule.content.regex.test(value);
  };
  return { result: byContentRules(call, env, matches, call.toolName), matches };
}

function byContentRules(
  call: ToolCall,
  env: CheckEnv,
  matches: (rule: CompiledRule) => boolean,
  subject: string,
): ToolResult {
  const on = { tool: { text: call.toolName }, subject: { literal: subject } };
  const find = (behavior: 'deny' | 'ask' | 'allow') =>
    env.rules.contentRules(behavior, call.toolName).find(matches);
  const deny = find('deny');
  if (deny)
    return {
      behavior: 'deny',
      reason: ruleReason(deny, 'content.forbids', on),
    };
  const ask = find('ask');
  if (ask) {
    return {
      behavior: 'ask',
      reason: ruleReason(ask, 'content.asks', on),
      classifierApprovable: false,
    };
  }
  const allow = find('allow');
  if (allow)
    return {
      behavior: 'allow',
      reason: ruleReason(allow, 'content.allows', on),
    };
  return {
    behavior: 'passthrough',
    acceptEdits: false,
    ...phrase('content.noRule', on),
  };
}
