/**
 * The Read family (Read, NotebookRead, Glob, Grep, LS) and the edit family (Edit, MultiEdit, Write,
 * NotebookEdit). Both consult only `Read(...)` / `Edit(...)` content rules (docs/engine.md, Matching, per
 * tool family). Reads inside the working folders need no approval; edits there are what acceptEdits allows.
 */
import { resolvePath } from '../paths/posix';
import type { CompiledRule } from '../rules/compile';
import { primaryFieldOf } from '../matchers/tool-catalog';
import { checkPath, candidatesOf, pathRuleMatches } from './path-check';
import { paramVerdict, ruleReason, stringField } from './rule-eval';
import { phrase, type Phrase } from '../explain/phrases';
import type { CheckEnv, ToolCall, ToolCheck, ToolResult } from './types';

/** Search tools default to the cwd when no path is given. */
const DEFAULTS_TO_CWD: ReadonlySet<string> = new Set(['Glob', 'Grep', 'LS']);

export function checkReadTool(call: ToolCall, env: CheckEnv): ToolCheck {
  return checkFileTool(call, env, 'read');
}

export function checkEditTool(call: ToolCall, env: CheckEnv): ToolCheck {
  return checkFileTool(call, env, 'edit');
}

function checkFileTool(call: ToolCall, env: CheckEnv, access: 'read' | 'edit'): ToolCheck {
  const field = primaryFieldOf(call.toolName) ?? 'file_path';
  const raw =
    stringField(call.input, field) ?? (DEFAULTS_TO_CWD.has(call.toolName) ? env.context.cwd : undefined);
  if (raw === undefined || raw === '') {
    return {
      result: {
        behavior: 'ask',
        reason: {
          type: 'tool',
          ...phrase('file.noTarget', { tool: { text: call.toolName }, field: { text: field } }),
        },
        classifierApprovable: false,
      },
      matches: () => false,
    };
  }
  const path = resolvePath(env.context.cwd, raw, env.context.home);
  const candidates = candidatesOf(env, path);
  const matches = (rule: CompiledRule): boolean =>
    paramVerdict(rule, call.input) ?? pathRuleMatches(rule, candidates);

  const byPath = pathResult(env, path, access, call.toolName);
  // Denies first, whichever kind of rule they are; then asks; then what the path check said.
  const result =
    paramRule(call, env, access, 'deny') ??
    (byPath.behavior === 'deny' ? byPath : paramRule(call, env, access, 'ask')) ??
    byPath;
  return { result, matches };
}

/** `Read(param:value)` / `Edit(param:value)` deny and ask rules, which the path check does not look at. */
function paramRule(
  call: ToolCall,
  env: CheckEnv,
  access: 'read' | 'edit',
  behavior: 'deny' | 'ask',
): ToolResult | undefined {
  const rule = env.rules
    .contentRules(behavior, access === 'read' ? 'Read' : 'Edit')
    .find((r) => paramVerdict(r, call.input) === true);
  if (!rule) return undefined;
  const reason = ruleReason(rule, 'file.paramRuleMatches', { tool: { text: call.toolName } });
  return behavior === 'deny' ? { behavior, reason } : { behavior, reason, classifierApprovable: false };
}

export function pathResult(
  env: CheckEnv,
  path: string,
  access: 'read' | 'edit',
  toolName: string,
): ToolResult {
  const verdict = checkPath(env, path, access);
  const reading = access === 'read';
  const at = { path: { path } };
  switch (verdict.kind) {
    case 'deny':
      return {
        behavior: 'deny',
        reason: ruleReason(verdict.rule, reading ? 'file.forbidsReading' : 'file.forbidsEditing', at),
      };
    case 'ask':
      return {
        behavior: 'ask',
        reason: ruleReason(verdict.rule, reading ? 'file.asksReading' : 'file.asksEditing', at),
        classifierApprovable: false,
      };
    case 'protected':
      return {
        behavior: 'ask',
        reason: {
          type: 'safetyCheck',
          path,
          classifierApprovable: verdict.protectedPath.classifierApprovable,
          ...phrase('file.protected', { ...at, matched: { literal: verdict.protectedPath.matched } }),
        },
        classifierApprovable: verdict.protectedPath.classifierApprovable,
      };
    case 'allow':
      return {
        behavior: 'allow',
        reason: ruleReason(verdict.rule, reading ? 'file.allowsReading' : 'file.allowsEditing', at),
      };
    case 'inside':
      return reading
        ? {
            behavior: 'allow',
            reason: { type: 'tool', ...phrase('file.readsInside', { tool: { text: toolName }, ...at }) },
          }
        : {
            behavior: 'passthrough',
            acceptEdits: true,
            ...phrase('file.editsInside', { tool: { text: toolName }, ...at }),
          };
    case 'outside':
      return outsideResult(env, path, {
        code: reading ? 'file.outsideReads' : 'file.outsideEdits',
        params: { ...at, tool: { text: toolName } },
      });
  }
}

/**
 * A path outside the working directories asks, as Claude Code does: only an allow rule for that path
 * (`Read(...)`, `Edit(...)`), a tool-wide allow or bypass mode lifts it, never a Bash rule for the command.
 */
export function outsideResult(env: CheckEnv, path: string, subject: Phrase): ToolResult {
  const dirs = env.workingDirectories;
  return {
    behavior: 'ask',
    reason: {
      type: 'workingDirectories',
      path,
      workingDirectories: dirs,
      ...phrase('outside.workingDirectories', {
        subject: { phrase: subject },
        directories: { text: dirs.join(', ') },
      }),
    },
    classifierApprovable: true,
  };
}
