/** The Gatehouse agent SDK: find the console, ask it, race it against the agent's own prompt. */
export { connect } from './connect';
export type { ConnectionState, ConnectOptions, GatehouseClient, StateChange } from './connect';
export { connectBridge } from './bridge-client';
export type { BridgeClient, BridgeClientOptions } from './bridge-client';
export { discoverConsole } from './discover';
export type { ConsoleEndpoint, Discovery } from '../../common/discovery';
export { BridgeError } from './errors';
export type { BridgeErrorCode } from './errors';
export { backoffDelay, DEFAULT_RECONNECT } from './backoff';
export type { ReconnectPolicy } from './backoff';
export { ABORTED, raceForDecision, RaceLost } from './race';
export type { Claim, RaceOutcome, Racer } from './race';
export { consoleRacer } from './console-racer';
export type { AgentIdentity, CancelReason, Withdrawal } from './types';
export type { PermissionCall, SessionEventCall } from '../../common/protocol';
export type { PermissionDecision } from '../../common/protocol';
