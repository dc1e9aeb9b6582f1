/** What an agent hands the SDK, typed from the wire protocol in common/. */
import type { PermissionMode, PermissionRequest, SessionEvent } from '../../common/protocol';

/** A permission request without its `type`; `mode` may be left out (the console reads it as `default`). */
export type PermissionCall = Omit<PermissionRequest, 'type' | 'mode'> & { readonly mode?: PermissionMode };

export type SessionEventCall = Omit<SessionEvent, 'type'>;

export interface AgentIdentity {
  readonly name: string;
  readonly version?: string;
}

export type CancelReason = 'answered-in-terminal' | 'aborted';
