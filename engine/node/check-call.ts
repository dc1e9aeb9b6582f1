/**
 * One tool call checked against a context the way `gatehouse check` does it: real paths resolved on disk,
 * the Bash parser for Bash, the heuristic classifier in auto mode. The rule editor's playground calls this
 * too, so what it shows is exactly what the CLI prints.
 */
import { checkPermission } from '../pipeline/check';
import { createHeuristicClassifier } from '../classifier/heuristic';
import { loadInstalledBashSupport } from './bash-wasm';
import type { Decision } from '../decision';
import type { ToolPermissionContext } from '../context/context';
import type { BashSupport } from '../tools/bash-tool';
import type { ToolCall } from '../tools/types';
import { resolveRealPath } from './realpath';
import { phrase } from '../explain/phrases';

export interface CheckCallOptions {
  /** A PermissionRequest hook allows whatever would ask (`--hook-allow`). */
  readonly hookAllows?: boolean;
  /** An already loaded Bash parser; otherwise one is loaded for Bash calls. */
  readonly bash?: BashSupport;
}

export async function checkToolCall(
  context: ToolPermissionContext,
  call: ToolCall,
  options: CheckCallOptions = {},
): Promise<Decision> {
  const bash = options.bash ?? (call.toolName === 'Bash' ? await loadInstalledBashSupport() : undefined);
  return checkPermission(context, call, {
    deps: { realpath: resolveRealPath, ...(bash ? { bash } : {}) },
    ...(context.mode.name === 'auto' ? { classifier: createHeuristicClassifier() } : {}),
    ...(options.hookAllows
      ? {
          hook: async () => ({ behavior: 'allow' as const, ...phrase('hook.flagAllowed') }),
        }
      : {}),
  });
}
