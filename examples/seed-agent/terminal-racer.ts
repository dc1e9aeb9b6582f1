/**
 * The agent's own dialog as a racer: "Allow? [y/N]" on the terminal. A typed line answers (y or yes
 * allows, anything else denies); input that ends without a line (no TTY, stdin closed) never answers, so
 * the racer leaves the race to the console. Losing the race closes the prompt.
 */
import { createInterface } from 'node:readline';
import type { Readable, Writable } from 'node:stream';
import type { Racer } from '../../client/sdk/index';
import type { Answer } from './answer';

function isTty(stream: Readable): boolean {
  return (stream as Readable & { isTTY?: boolean }).isTTY === true;
}

export function terminalRacer(
  question: string,
  io: { readonly input: Readable; readonly output: Writable },
): Racer<Answer, 'terminal'> {
  return {
    name: 'terminal',
    run: (claim, signal) =>
      new Promise<void>((resolve) => {
        if (signal.aborted) return resolve();
        const prompt = createInterface({ input: io.input, output: io.output });
        let answered = false;
        const withdraw = () => prompt.close();
        signal.addEventListener('abort', withdraw, { once: true });
        prompt.once('close', () => {
          signal.removeEventListener('abort', withdraw);
          // End the half-written prompt line, so whatever is printed next starts on its own line.
          if (!answered) io.output.write('\n');
          // Once it has delivered data, a piped stdin keeps the process alive even paused; a closed prompt
          // must not hold the agent, so the input stops counting (it can still be read later).
          (io.input as Readable & { unref?: () => void }).unref?.();
          resolve();
        });
        prompt.question(`${question} [y/N] `, (line) => {
          answered = true;
          // A terminal echoes the answer and its newline; piped input does not.
          if (!isTty(io.input)) io.output.write(`${line}\n`);
          claim(
            /^y(es)?$/i.test(line.trim())
              ? { behavior: 'allow' }
              : { behavior: 'deny', message: 'Denied in the terminal.' },
          );
          prompt.close();
        });
      }),
  };
}
