import { chmod, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeTempDir } from '../tests/support/temp-dir';
import { loadOrCreateTelemetryToken, readTelemetryToken, TELEMETRY_TOKEN_FILE } from './telemetry-token';

let dir: Awaited<ReturnType<typeof makeTempDir>>;
beforeEach(async () => (dir = await makeTempDir()));
afterEach(() => dir.remove());

describe('the telemetry token', () => {
  it('is created 0600 in a new 0700 home, and read back the same by the next caller', async () => {
    const home = join(dir.path, 'home');
    const token = await loadOrCreateTelemetryToken(home);
    expect(token).toMatch(/^[\w-]{43}$/);
    expect((await stat(join(home, TELEMETRY_TOKEN_FILE))).mode & 0o777).toBe(0o600);
    expect((await stat(home)).mode & 0o777).toBe(0o700);
    expect(await loadOrCreateTelemetryToken(home)).toBe(token);
    expect(readTelemetryToken(home)).toBe(token);
  });

  it('closes a kept token file others could read to 0600', async () => {
    const token = await loadOrCreateTelemetryToken(dir.path);
    await chmod(join(dir.path, TELEMETRY_TOKEN_FILE), 0o644);
    expect(await loadOrCreateTelemetryToken(dir.path)).toBe(token);
    expect((await stat(join(dir.path, TELEMETRY_TOKEN_FILE))).mode & 0o777).toBe(0o600);
  });

  it('replaces a file too short to be one of its tokens', async () => {
    await writeFile(join(dir.path, TELEMETRY_TOKEN_FILE), 'short\n');
    const token = await loadOrCreateTelemetryToken(dir.path);
    expect(token).not.toBe('short');
    expect((await readFile(join(dir.path, TELEMETRY_TOKEN_FILE), 'utf8')).trim()).toBe(token);
  });

  it('gives two callers racing on an empty home the same token', async () => {
    const tokens = await Promise.all([1, 2, 3, 4].map(() => loadOrCreateTelemetryToken(dir.path)));
    expect(new Set(tokens).size).toBe(1);
    expect(readTelemetryToken(dir.path)).toBe(tokens[0]);
  });
});
