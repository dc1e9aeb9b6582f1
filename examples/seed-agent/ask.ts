/**
 * Step two of the pipeline, for an ask: the terminal prompt and the Gatehouse console race through
 * the SDK's `raceForDecision`. The first answer wins; the loser is withdrawn — the console's
 * card is cancelled with `answered-in-terminal`, or the terminal prompt is closed.
 */
import { connect, consoleRacer, raceForDecision } from '../../client/sdk/index';
import type { GatehouseClient, PermissionCall } from '../../client/sdk/index';
import type { Answer } from './answer';
import { terminalRacer } from './terminal-racer';

export interface AskOutcome {
  readonly winner: 'terminal' | 'console' | 'nobody';
  readonly answer: Answer;
}

export async function askTerminalAndConsole(
  call: PermissionCall,
  question: string,
  { deadline, log }: { readonly deadline: AbortSignal; readonly log: (line: string) => void },
): Promise<AskOutcome> {
  const client = await connect({ agent: { name: 'seed-agent', version: '1.0.0' } });
  reportConsole(client, log);
  try {
    const { winner, value } = await raceForDecision<Answer, 'console' | 'terminal'>(
      [consoleRacer(client, call), terminalRacer(question, { input: process.stdin, output: process.stdout })],
      deadline,
    );
    return { winner, answer: value };
  } catch {
    // The deadline passed, or every racer is out (the console handed the question back and the terminal
    // has no input). With nobody to ask, deny (shouldAvoidPermissionPrompts).
    return { winner: 'nobody', answer: { behavior: 'deny', message: 'Nobody answered.' } };
  } finally {
    await client.close();
  }
}

/** Diagnostics on stderr: whether the console can see the request, or the terminal is alone for now. */
function reportConsole(client: GatehouseClient, log: (line: string) => void): void {
  if (client.state === 'open') log('console: connected, the request is in its queue');
  else log('console: not reachable yet; retrying in the background while the terminal asks');
  client.on('state', (change) => {
    if (change.state === 'open') log('console: connected, the request is in its queue');
  });
}
