/**
 * The one error type the SDK rejects with. `code` is either a console error code from the protocol or one of
 * the SDK's own: the console could not be reached, the client was closed, or the caller withdrew the request.
 */
import type { ErrorCode } from '../../common/protocol';

export type BridgeErrorCode = ErrorCode | 'connect-failed' | 'closed' | 'aborted';

export class BridgeError extends Error {
  constructor(
    message: string,
    readonly code: BridgeErrorCode,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    // Code that checks `error.name === 'AbortError'` (as for fetch) treats a withdrawn request the same way.
    this.name = code === 'aborted' ? 'AbortError' : 'BridgeError';
  }
}
