/**
 * What an allow does in Codex, for the words beside a grant on a Codex card. Codex asks its hook when a
 * command would leave its sandbox or when its own exec-policy rule says `prompt` (docs/codex.md, Why Codex
 * asked); an allow lets the command run as Codex asked to: outside the sandbox when it asked to leave it.
 */
import type { CodexWhy } from './queue-contract';

export type CodexAllowEffect =
  /** Codex's own rule asks about this command every time. */
  | { readonly kind: 'rule' }
  /** The turn runs in a sandbox the command asked to leave: allowed, it runs without the sandbox's limits. */
  | { readonly kind: 'leaves-sandbox'; readonly sandbox: string }
  /** The turn runs with no sandbox at all. */
  | { readonly kind: 'no-sandbox' }
  /** The rollout file was not read: the sandbox is not known. */
  | { readonly kind: 'unknown' };

const SANDBOXES = new Set(['read-only', 'workspace-write']);

export function codexAllowEffect(why: CodexWhy): CodexAllowEffect {
  if (why.execPolicy.state === 'matched' && why.execPolicy.decision === 'prompt') return { kind: 'rule' };
  if (why.sandbox === 'danger-full-access') return { kind: 'no-sandbox' };
  if (why.sandbox !== undefined && SANDBOXES.has(why.sandbox))
    return { kind: 'leaves-sandbox', sandbox: why.sandbox };
  return { kind: 'unknown' };
}
