/**
 * docs/security.md, section 5, from the agent's side: Edit cards and project settings that name what must
 * never be read whole (/dev/zero, FIFOs, a 20 MB file) leave the console answering, its memory within the
 * preview cap.
 */
import { execFileSync } from 'node:child_process';
import { mkdir, readFile, symlink, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectBridge, type BridgeClient } from '../../client/sdk/bridge-client';
import type { ConsoleCore } from '../../main/core/console-core';
import { startTestCore } from '../support/test-core';
import { MAX_PREVIEW_BYTES } from '../../main/preview/edit-preview';
import { makeTempDir } from '../support/temp-dir';

let dir: Awaited<ReturnType<typeof makeTempDir>>;
let core: ConsoleCore;
let agent: BridgeClient;
const caller = { id: 'window:1', channel: 'window' } as const;
const project = (name = 'project') => join(dir.path, name);

beforeAll(async () => {
  dir = await makeTempDir();
  await mkdir(project());
  core = await startTestCore({
    home: join(dir.path, 'gh'),
    userHome: join(dir.path, 'user'),
    policyFile: join(dir.path, 'no-policy.json'),
    port: 0,
    timeoutMs: 600_000,
    timeoutAction: 'passthrough',
  });
  const token = JSON.parse(await readFile(core.discoveryPath, 'utf8')).token as string;
  agent = await connectBridge(
    { url: `ws://127.0.0.1:${core.port}/bridge`, token, source: 'environment' },
    { agent: { name: 'claude-code' } },
  );
});

afterAll(async () => {
  agent.close();
  await core.close();
  await dir.remove();
});

/** A card the agent puts up and leaves waiting; the test never answers it. */
function card(id: string, tool: string, input: Record<string, unknown>, cwd = project()) {
  void agent.requestPermission({ id, sessionId: 's1', cwd, tool, input, mode: 'default' }).catch(() => {});
}

async function waiting(id: string) {
  while (!core.registry.has(id)) await new Promise((r) => setTimeout(r, 5));
}

/** The console's answer to `GET /`: 404 here, where no web console is served, but an answer, not a hang. */
function getRoot(): Promise<number> {
  return new Promise((resolve, reject) => {
    request(
      { host: '127.0.0.1', port: core.port, path: '/', headers: { Host: `127.0.0.1:${core.port}` } },
      (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      },
    )
      .on('error', reject)
      .end();
  });
}

const diffOf = (id: string) => core.service.handlers['queue:diff']({ id }, caller);
const loadRules = (cwd = project()) => core.service.handlers['rules:load']({ cwd }, caller);

describe('bounded reads', () => {
  it(
    'answers Edit cards for /dev/zero, six FIFOs and a 20 MB file with a reason, and keeps answering',
    { timeout: 120_000 },
    async () => {
      const fifos = Array.from({ length: 6 }, (_, i) => join(dir.path, `pipe-${i}`));
      for (const fifo of fifos) execFileSync('mkfifo', [fifo]);
      const big = join(dir.path, 'big.log');
      await writeFile(big, Buffer.alloc(20 * 1024 * 1024, 97));
      const edit = (file_path: string) => ({ file_path, old_string: 'a', new_string: 'b' });
      card('zero', 'Edit', edit('/dev/zero'));
      fifos.forEach((fifo, i) => card(`fifo-${i}`, 'Edit', edit(fifo)));
      card('big', 'Edit', edit(big));
      for (const id of ['zero', 'big', ...fifos.map((_, i) => `fifo-${i}`)]) await waiting(id);
      expect(await getRoot()).toBe(404);
      expect(await loadRules()).toMatchObject({ ok: true });
      const before = process.memoryUsage().rss;

      const previews = await Promise.all([
        diffOf('zero'),
        ...fifos.map((_, i) => diffOf(`fifo-${i}`)),
        diffOf('big'),
      ]);

      expect(previews.map((p) => p.ok && p.value.kind === 'unavailable' && p.value.refused)).toEqual([
        { reason: 'not-a-regular-file' },
        ...fifos.map(() => ({ reason: 'not-a-regular-file' })),
        { reason: 'too-large', size: 20 * 1024 * 1024, limit: MAX_PREVIEW_BYTES },
      ]);
      expect(await getRoot()).toBe(404);
      expect(await loadRules()).toMatchObject({ ok: true });
      expect(process.memoryUsage().rss - before).toBeLessThan(MAX_PREVIEW_BYTES * 4);
    },
  );

  it(
    'screens a project whose settings.json links to /dev/zero as unreadable, with a sentence',
    { timeout: 120_000 },
    async () => {
      // A folder of its own: the first test's cards left the project's screening context cached.
      const linked = project('linked');
      await mkdir(join(linked, '.claude'), { recursive: true });
      const settings = join(linked, '.claude', 'settings.json');
      await symlink('/dev/zero', settings);
      card('screened', 'Bash', { command: 'ls' }, linked);
      const sentence = `The settings file ${settings} is a device, not a regular file, so it is not read.`;
      let explanation;
      while (!(explanation = core.registry.pending().find((p) => p.id === 'screened')?.explanation))
        await new Promise((r) => setTimeout(r, 5));
      expect(explanation.warnings).toContainEqual(expect.objectContaining({ message: sentence }));
      const rules = await loadRules(linked);
      expect(rules.ok && rules.value.files.find((f) => f.file === settings)).toMatchObject({
        error: sentence,
      });
      expect(await getRoot()).toBe(404);
    },
  );
});
