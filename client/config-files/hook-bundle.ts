/** The hook bundle that every agent's installed handler runs, and how a handler's command names it. */
import { basename } from 'node:path';

/** What install points an agent at: the self-running hook bundle, faster to start than the dispatcher. */
export const HOOK_BUNDLE = 'gatehouse-hook.cjs';
/** Bundles a Gatehouse handler may run: the hook bundle, or the dispatcher that earlier versions installed. */
const HANDLER_BUNDLES = [HOOK_BUNDLE, 'gatehouse.mjs'];

export function isHookBundle(file: string): boolean {
  return HANDLER_BUNDLES.includes(basename(file.replace(/\\/g, '/')));
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * Whether a shell command string runs a Gatehouse bundle with exactly these trailing words (`hook stop`,
 * `hook codex stop`), from any install location and quoted or not.
 */
export function commandRunsBundle(command: string, words: readonly string[]): boolean {
  return new RegExp(
    `(^|[\\s'"/\\\\])(${HANDLER_BUNDLES.map(escapeRegExp).join('|')})['"]?${words.map((word) => `\\s+${escapeRegExp(word)}`).join('')}\\s*$`,
  ).test(command);
}

/** A word for sh, as Codex and Copilot run a hook's command: plain when it is safe as it is, else in single quotes. */
export function shellWord(text: string): string {
  return /^[\w/.,:=+@%-]+$/.test(text) ? text : `'${text.replace(/'/g, `'\\''`)}'`;
}
