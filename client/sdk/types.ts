/** What an agent hands the SDK besides the calls themselves (those are common/protocol.ts's). */
export interface AgentIdentity {
  readonly name: string;
  readonly version?: string;
}

export type CancelReason = 'answered-in-terminal' | 'aborted';
