/**
 * Codex's model for judging a call, in place of Claude Code's. Claude Code asks about a path outside the
 * session's working directories whatever its rules say; Codex has no such folders. It asks when a command
 * would leave its sandbox (a write outside its writable roots, the network) or when its exec policy says
 * `prompt`, and runs what its hook allows (docs/codex.md, Why Codex asked). So a grant or rule that matches
 * a Codex call answers it wherever the call writes: the console judges Codex calls with every folder counted
 * as a working directory. Ask and deny rules and protected paths still come first, as for any agent.
 */
import { parse } from 'node:path';
import { withWorkingDirectory } from '../../../engine';
import type { ToolPermissionContext } from '../../../engine';

/** A context is reused for a burst of requests (request-explainer.ts); so is its Codex form. */
const codexForms = new WeakMap<ToolPermissionContext, ToolPermissionContext>();

export function codexContext(context: ToolPermissionContext): ToolPermissionContext {
  const known = codexForms.get(context);
  if (known) return known;
  const everywhere = withWorkingDirectory(context, parse(context.cwd).root);
  codexForms.set(context, everywhere);
  return everywhere;
}
