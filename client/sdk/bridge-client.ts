/**
 * A one-shot client: a fixed endpoint and no reconnect, for callers to whom an absent console must mean
 * "no decision" at once, never a retry loop. (The Claude Code hook has its own leaner client in client/hook/.)
 */
import { connect } from './connect';
import type { GatehouseClient } from './connect';
import type { ConsoleEndpoint } from '../../common/discovery';
import type { AgentIdentity } from './types';

export type { PermissionCall } from '../../common/protocol';
export type BridgeClient = GatehouseClient;

export interface BridgeClientOptions {
  readonly agent: AgentIdentity;
  readonly connectTimeoutMs?: number;
}

export function connectBridge(
  endpoint: ConsoleEndpoint,
  options: BridgeClientOptions,
): Promise<BridgeClient> {
  return connect({ ...options, endpoint, reconnect: false });
}
