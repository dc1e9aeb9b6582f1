import type { AgentEnd, DialogAnswer } from '../../common/protocol';

/** What an agent hands the SDK besides the calls themselves (those are common/protocol.ts's). */
export interface AgentIdentity {
  readonly name: string;
  readonly version?: string;
}

export type CancelReason = 'answered-in-terminal' | 'aborted';

/**
 * Why a request is withdrawn, with what the agent knows of it (docs/protocol.md, `permission.cancel`): the
 * answer its own dialog gave, or what ended the wait.
 */
export type Withdrawal =
  | { readonly reason: 'answered-in-terminal'; readonly answer?: DialogAnswer }
  | { readonly reason: 'aborted'; readonly because?: AgentEnd };
