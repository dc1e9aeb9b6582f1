/**
 * Which requests a notification or the tray must never answer in one tap: the person opens the console and
 * reads the whole request first. The engine's explanation is the authority when it is there; the short
 * lists below are a floor for requests it has not explained (still screening, or the engine could not run).
 */
import type { PendingRequestView } from '../../common/queue-contract';
import { inputHidesText } from '../../common/hidden-code-points';
import { secretPathKind } from '../../engine';

export type SecondLook = (view: PendingRequestView) => boolean;

const DESTRUCTIVE_COMMANDS: readonly RegExp[] = [
  /(?<![-\w.])rm\s+(?:-\S*\s+)*-\S*[rR]/, // rm -r, -rf, -fr, -Rf …
  /(?<![-\w.])rm\s+(?:\S+\s+)*--recursive\b/,
  /\b(?:sudo|doas|pkexec)\b/,
  /^su(?:\s|$)/,
  /\bgit\s+push\b.*(?:\s--force\b|\s--force-with-lease\b|\s-f\b|\s\+\S)/,
  /\bgit\s+reset\s+.*--hard\b/,
  /\bgit\s+clean\s+(?:\S+\s+)*-\S*f/,
  /\b(?:curl|wget)\b[^|]*\|\s*(?:sudo\s+)?(?:ba|z|da|k|fi)?sh\b/,
  /\bmkfs(?:\.\w+)?\b/,
  /\bdd\b.*\bof=/,
  /\bchmod\s+(?:-\S+\s+)*-R\b/,
];

/** Folders whose files steer git or an agent, and the shell's start-up files. */
const PROTECTED_SEGMENTS: readonly RegExp[] = [
  /(?:^|[/\\\s'"=])\.(?:git|claude|agent)(?:[/\\]|$|\s|['"])/,
  /(?:^|[/\\\s'"=~])\.(?:bashrc|bash_profile|bash_login|bash_logout|profile|zshrc|zshenv|zprofile|zlogin|zlogout|cshrc|tcshrc|kshrc)\b/,
  /(?:^|[/\\])\.config[/\\]fish[/\\]config\.fish\b/,
];

const PATH_FIELDS = ['file_path', 'path', 'notebook_path'] as const;

export function touchesProtectedPath(text: string): boolean {
  return PROTECTED_SEGMENTS.some((pattern) => pattern.test(text));
}

export function looksDestructive(command: string): boolean {
  return command.split(/\n|&&|\|\||;/).some((part) => DESTRUCTIVE_COMMANDS.some((p) => p.test(part.trim())));
}

export const defaultNeedsSecondLook: SecondLook = (view) => {
  // The engine read the whole call, part by part; the floor below only guards what it has not explained.
  if (view.explanation) return view.explanation.needsSecondLook;
  const { input } = view;
  if (inputHidesText(input)) return true;
  if (view.tool === 'Bash') {
    const command = input.command;
    // A command that is not a string cannot be shown, so it cannot be approved unseen either.
    if (typeof command !== 'string') return true;
    return looksDestructive(command) || touchesProtectedPath(command);
  }
  return PATH_FIELDS.some((field) => {
    const value = input[field];
    return typeof value === 'string' && (touchesProtectedPath(value) || secretPathKind(value) !== undefined);
  });
};
