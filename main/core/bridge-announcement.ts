/**
 * bridge.json as this console keeps it: written once the socket listens (before any handler can run),
 * rewritten with the new token at each rotation, and removed at close if it still announces this process.
 */
import { readFile } from 'node:fs/promises';
import type { DiscoveryFile } from '../../common/discovery';
import { PROTOCOL_VERSION } from '../../common/protocol';
import { removeDiscoveryFile, writeDiscoveryFile } from '../bridge/discovery-file';
import type { BridgeCredentials } from './bridge-credentials';

export interface BridgeAnnouncement {
  /** Writes the file for the listening port; resolves with its path. */
  publish(port: number): Promise<string>;
  /** Rotates the bridge token, and announces the new one once the file is out. */
  rotate(): Promise<void>;
  withdraw(): Promise<void>;
}

export function prepareAnnouncement(home: string, credentials: BridgeCredentials): BridgeAnnouncement {
  let published: { readonly path: string; readonly content: DiscoveryFile } | undefined;
  return {
    async publish(port) {
      const content = {
        protocol: PROTOCOL_VERSION,
        port,
        pid: process.pid,
        token: credentials.current().token,
      };
      published = { path: await writeDiscoveryFile(home, content), content };
      return published.path;
    },
    async rotate() {
      const { token } = await credentials.rotate();
      if (!published) return;
      const content = { ...published.content, token };
      published = { path: await writeDiscoveryFile(home, content), content };
    },
    async withdraw() {
      if (!published) return;
      const { path, content } = published;
      await removeDiscoveryFile(path, content, () => readFile(path, 'utf8'));
    },
  };
}
