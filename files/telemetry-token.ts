/**
 * The secret an agent's telemetry exporter sends to the console's OTLP endpoint, so that another local user
 * cannot write into this person's record of decisions. It is not the bridge token: it sits in plain text in
 * the agent's own settings, so it may only add telemetry, never answer a request. Kept in Gatehouse's 0700
 * home as a 0600 file, created by whichever comes first (the console or `gatehouse install`); both then read
 * the same one.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { chmod } from 'node:fs/promises';
import { join } from 'node:path';
import { writeFileAtomic } from './atomic-write';

export const TELEMETRY_TOKEN_FILE = 'telemetry-token';
/** The header the agents are configured to send it in. */
export const TELEMETRY_HEADER = 'x-gatehouse-telemetry';
/** Claude Code's PreToolUse `http` hook on the console's port, which takes the same token. */
export const PRE_TOOL_USE_PATH = '/hooks/claude/pre-tool-use';

/** Where an agent's exporter sends its logs: the console's `/v1/logs` on its kept port, and the token. */
export interface TelemetryTarget {
  /** `http://127.0.0.1:<port>/v1/logs`. */
  readonly endpoint: string;
  readonly token: string;
}

/** Shorter than this is not a token this code wrote. */
const MIN_LENGTH = 32;

/** Read synchronously so that the check before a rename and the rename run back to back. */
export function readTelemetryToken(home: string): string | undefined {
  try {
    const token = readFileSync(join(home, TELEMETRY_TOKEN_FILE), 'utf8').trim();
    return token.length >= MIN_LENGTH ? token : undefined;
  } catch {
    return undefined;
  }
}

/** The kept token, or a new one written in its place; a writer racing this one wins and both read its token. */
export async function loadOrCreateTelemetryToken(home: string): Promise<string> {
  const path = join(home, TELEMETRY_TOKEN_FILE);
  const kept = readTelemetryToken(home);
  if (kept !== undefined) {
    await chmod(path, 0o600);
    return kept;
  }
  const fresh = randomBytes(32).toString('base64url');
  const wrote = await writeFileAtomic(path, `${fresh}\n`, {
    mode: 0o600,
    dirMode: 0o700,
    // An unusable file (empty, cut short) is replaced; a usable one written meanwhile is kept.
    beforeRename: () => readTelemetryToken(home) === undefined,
  });
  return wrote ? fresh : (readTelemetryToken(home) ?? fresh);
}
