/** A raw agent on a real bridge socket, for tests that attack the bridge. */
import { helloFor, openAgentSocket } from './bridge-agent';

export interface BridgePeer {
  /** Every reply so far, in order. */
  readonly replies: Array<Record<string, unknown>>;
  send(frame: string | object): void;
  /** The next reply not yet taken by `next`. */
  next(): Promise<Record<string, unknown>>;
  close(): void;
}

/** An agent that has proved the token and been welcomed; its replies start after the welcome. */
export async function bridgePeer(
  port: number,
  token: string,
  agent?: { readonly name: string },
): Promise<BridgePeer> {
  const { socket, proof } = await openAgentSocket(`ws://127.0.0.1:${port}/bridge`, token);
  socket.on('error', () => undefined);
  await new Promise<void>((welcomed, refused) => {
    socket.once('message', (data) => {
      const reply = JSON.parse(data.toString()) as Record<string, unknown>;
      if (reply.type === 'welcome') welcomed();
      else refused(new Error(`The bridge answered the hello with ${data.toString()}`));
    });
    socket.send(JSON.stringify(helloFor(proof, agent)));
  });
  const replies: Array<Record<string, unknown>> = [];
  let taken = 0;
  const waiting: Array<() => void> = [];
  socket.on('message', (data) => {
    replies.push(JSON.parse(data.toString()) as Record<string, unknown>);
    waiting.shift()?.();
  });
  const next = async (): Promise<Record<string, unknown>> => {
    while (replies.length <= taken) await new Promise<void>((wake) => waiting.push(wake));
    return replies[taken++]!;
  };
  return {
    replies,
    send: (frame) => socket.send(typeof frame === 'string' ? frame : JSON.stringify(frame)),
    next,
    close: () => socket.close(),
  };
}

export async function until(probe: () => boolean): Promise<void> {
  while (!probe()) await new Promise((r) => setTimeout(r, 5));
}
