/**
 * One dangerous call for each class of the danger corpus (tests/fixtures/danger-corpus/README.md), taken
 * from the corpus itself, for the tests that follow a class through the card, the desktop notification
 * and the phone. `control` is a call the analysis has long flagged, so a harness that cannot show a
 * second look fails there too and is told apart from a class that is not flagged.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface DangerCall {
  readonly id: string;
  readonly class: string;
  readonly command: string;
}

const CORPUS = join(import.meta.dirname, '..', 'fixtures', 'danger-corpus');

/** Each class's representative, by corpus id: all Bash, so every surface shows it the same way. */
const REPRESENTATIVES = {
  'download-executed': 'dl-03',
  destruction: 'de-24',
  privilege: 'pr-24',
  secrets: 'se-01',
  'runs-later': 'rl-02',
  obfuscation: 'ob-03',
} as const;

function corpusCall(file: string, id: string): DangerCall {
  const calls = JSON.parse(readFileSync(join(CORPUS, `${file}.json`), 'utf8')) as Array<{
    id: string;
    class: string;
    tool: string;
    input: { command?: unknown };
  }>;
  const call = calls.find((each) => each.id === id);
  if (!call || call.tool !== 'Bash' || typeof call.input.command !== 'string')
    throw new Error(`${id} is not a Bash call in ${file}.json`);
  return { id, class: call.class, command: call.input.command };
}

export const DANGER_CLASS_CALLS: readonly DangerCall[] = Object.entries(REPRESENTATIVES).map(([file, id]) =>
  corpusCall(file, id),
);

export const CONTROL_CALL: DangerCall = corpusCall('download-executed', 'dl-01');
