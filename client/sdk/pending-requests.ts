/**
 * The requests a client is waiting on, by id. An entry lives from `requestPermission` until its decision,
 * an error for its id, a cancel or the client's close, and is settled exactly once: whatever arrives for an
 * id that is no longer here (a decision replayed twice around a reconnect) is ignored.
 */
import type { PermissionDecision } from '../../common/protocol';
import { SlotMap } from '../../common/slot-map';
import { BridgeError } from './errors';
import type { PermissionCall } from '../../common/protocol';

interface Entry {
  readonly call: PermissionCall;
  readonly resolve: (decision: PermissionDecision) => void;
  readonly reject: (error: BridgeError) => void;
}

export class PendingRequests {
  /** A SlotMap, not a Map, so that a settled call and its request die young (slot-map.ts says why). */
  private readonly entries = new SlotMap<string, Entry>();

  /**
   * Registers a call; `added` is false when it was refused at once (already aborted, or its id is taken).
   * `onAbort` runs when `signal` aborts while the call is still pending, after the entry is gone and its
   * promise rejected, so the caller only has to tell the console.
   */
  add(
    call: PermissionCall,
    signal: AbortSignal | undefined,
    onAbort: () => void,
  ): { readonly decision: Promise<PermissionDecision>; readonly added: boolean } {
    if (signal?.aborted) return { decision: Promise.reject(abortError(signal.reason)), added: false };
    if (this.entries.has(call.id)) {
      const taken = new BridgeError(
        `Request id "${call.id}" is already pending on this client.`,
        'id-conflict',
      );
      return { decision: Promise.reject(taken), added: false };
    }
    const decision = new Promise<PermissionDecision>((resolve, reject) => {
      const abort = () => {
        if (this.fail(call.id, abortError(signal?.reason))) onAbort();
      };
      signal?.addEventListener('abort', abort, { once: true });
      const done = () => signal?.removeEventListener('abort', abort);
      this.entries.set(call.id, {
        call,
        resolve: (decision) => {
          done();
          resolve(decision);
        },
        reject: (error) => {
          done();
          reject(error);
        },
      });
    });
    return { decision, added: true };
  }

  has(id: string): boolean {
    return this.entries.has(id);
  }

  get size(): number {
    return this.entries.size;
  }

  /** Every pending call, oldest first: what a new connection re-sends. */
  calls(): PermissionCall[] {
    return [...this.entries.values()].map((entry) => entry.call);
  }

  settle(decision: PermissionDecision): boolean {
    const entry = this.take(decision.id);
    entry?.resolve(decision);
    return entry !== undefined;
  }

  fail(id: string, error: BridgeError): boolean {
    const entry = this.take(id);
    entry?.reject(error);
    return entry !== undefined;
  }

  failAll(error: BridgeError): void {
    for (const id of [...this.entries.keys()]) this.fail(id, error);
  }

  private take(id: string): Entry | undefined {
    const entry = this.entries.get(id);
    this.entries.delete(id);
    return entry;
  }
}

export function abortError(cause?: unknown): BridgeError {
  return new BridgeError('The permission request was withdrawn before the console answered.', 'aborted', {
    cause,
  });
}
