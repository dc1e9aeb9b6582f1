/**
 * Request/response over a child process's IPC channel, so a benchmark can run its server in a process of
 * its own (as the console is) and still ask it things: its address, its heap, to stop.
 */
import type { ChildProcess } from 'node:child_process';

interface RpcRequest {
  readonly rpc: number;
  readonly command: string;
}
interface RpcReply {
  readonly rpc: number;
  readonly result?: unknown;
  readonly error?: string;
}

export function rpcClient(child: ChildProcess) {
  let next = 0;
  const waiting = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  child.on('message', (reply: RpcReply) => {
    const waiter = waiting.get(reply.rpc);
    waiting.delete(reply.rpc);
    if (reply.error !== undefined) waiter?.reject(new Error(reply.error));
    else waiter?.resolve(reply.result);
  });
  child.on('exit', (code) => {
    for (const waiter of waiting.values()) waiter.reject(new Error(`The server exited (code ${code}).`));
    waiting.clear();
  });
  return <T>(command: string): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      next += 1;
      waiting.set(next, { resolve: resolve as (value: unknown) => void, reject });
      child.send({ rpc: next, command } satisfies RpcRequest);
    });
}

/** In the child: answers the parent's commands. */
export function serveRpc(handlers: Record<string, () => unknown>): void {
  // The parent is gone (it finished, or was killed): a bench server must not outlive it.
  process.once('disconnect', () => process.exit(0));
  process.on('message', async ({ rpc, command }: RpcRequest) => {
    const handler = handlers[command];
    try {
      if (!handler) throw new Error(`No handler for "${command}".`);
      process.send?.({ rpc, result: await handler() } satisfies RpcReply);
    } catch (error) {
      process.send?.({ rpc, error: (error as Error).message } satisfies RpcReply);
    }
  });
}
