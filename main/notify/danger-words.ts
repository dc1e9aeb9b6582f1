/**
 * Why a request needs a second look, in the English the notification and the phone speak: the reasons of
 * its dangers (the engine's danger analysis), each said once. The console's card says the same in every
 * language it speaks (the queue's `danger.*` sentences).
 */
import type { PendingRequestView } from '../../common/queue-contract';
import type { DangerReason } from '../../engine';

const WORDS: Readonly<Record<DangerReason, string>> = {
  'downloads-and-runs': 'runs code from the network',
  'hides-command': 'hides what it runs',
  'root-elsewhere': 'runs as root on another host',
  root: 'runs as root',
  'privileged-container': 'starts a container with the host’s powers',
  'changes-system': 'changes the system',
  'runs-later': 'sets up code that runs later',
  'sends-secrets': 'sends secrets over the network',
  'prints-secret': 'prints a credential',
  'destroys-remote': 'destroys remote data or infrastructure',
  'deletes-outside': 'deletes outside the project',
  deletes: 'deletes files',
  'overwrites-important': 'overwrites an important file',
  'discards-work': 'throws away uncommitted work',
  'rewrites-remote': 'rewrites the remote’s history',
  'stops-processes': 'stops processes',
  wipes: 'wipes a disk or file',
  'reads-secret': 'reads a secret',
};

/** The most reasons named at once; a request with more says the first ones and the console shows all. */
export const NAMED_REASONS = 2;

/** The reasons a request's dangers give, in English, or undefined when it has none to name. */
export function dangerWords(view: PendingRequestView): string | undefined {
  const reasons = [...new Set((view.explanation?.dangers ?? []).map((danger) => danger.reason))];
  if (reasons.length === 0) return undefined;
  return reasons
    .slice(0, NAMED_REASONS)
    .map((reason) => WORDS[reason])
    .join(', ');
}

/** The longest `dangerWords` can be, for text that must keep room for it. */
export const DANGER_WORDS_LIMIT = Object.values(WORDS)
  .map((words) => words.length)
  .sort((a, b) => b - a)
  .slice(0, NAMED_REASONS)
  .reduce((sum, length) => sum + length + ', '.length, 0);
