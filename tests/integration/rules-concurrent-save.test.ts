/**
 * Issue 7's concurrency test: another process rewrites a settings file (adding its own rules, the way
 * Claude Code writes settings.local.json) while the rule editor saves, a hundred times over. At the end
 * every rule of both writers is there, and a reader that read the file all along never saw invalid JSON.
 */
import { spawn } from 'node:child_process';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { saveRuleEdit } from '../../main/rules/editor/save-rules';
import { makeTempDir } from '../support/temp-dir';

const ROUNDS = 100;

/**
 * The other writer, a careful one that knows nothing of Gatehouse: read, add its rule, write a temp file,
 * rename it over the file if the file is still what it read, read back a moment later and retry until its
 * rule is there: the same care the editor takes.
 */
const OTHER_WRITER = `
import { readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
const [file, rounds] = [process.argv[2], Number(process.argv[3])];
const allow = () => { try { return JSON.parse(readFileSync(file, 'utf8')).permissions.allow; } catch { return []; } };
const holds = (rule) => allow().includes(rule);
// Keeps pace with the editor (never more than one round ahead), so the two really write at the same time.
const editorRules = () => allow().filter((r) => r.startsWith('Bash(editor-')).length;
const pause = new Int32Array(new SharedArrayBuffer(4));
console.log('ready');
for (let i = 0; i < rounds; i++) {
  const rule = 'Read(./other-' + i + ')';
  while (editorRules() < i);
  do {
    const read = readFileSync(file, 'utf8');
    const value = JSON.parse(read);
    value.permissions.allow.push(rule);
    const temp = file + '.other-' + i + '.tmp';
    writeFileSync(temp, JSON.stringify(value, null, 2));
    if (readFileSync(file, 'utf8') === read) renameSync(temp, file);
    else unlinkSync(temp);
    // Like the editor, it looks again a moment later: a writer that checked just before it may rename over it.
    Atomics.wait(pause, 0, 0, 25);
  } while (!holds(rule));
}
console.log('done');
`;

let dir: Awaited<ReturnType<typeof makeTempDir>>;
beforeEach(async () => {
  dir = await makeTempDir();
});
afterEach(async () => {
  await dir.remove();
});

it('keeps every rule of both writers, and the file is always valid JSON', async () => {
  const file = join(dir.path, '.claude', 'settings.local.json');
  await mkdir(join(dir.path, '.claude'));
  await writeFile(file, JSON.stringify({ env: { KEEP: 'me' }, permissions: { allow: [] } }, null, 2));
  const script = join(dir.path, 'other-writer.mjs');
  await writeFile(script, OTHER_WRITER);

  let reading = true;
  let reads = 0;
  const invalid: string[] = [];
  const reader = (async () => {
    while (reading) {
      const text = await readFile(file, 'utf8');
      reads += 1;
      try {
        JSON.parse(text);
      } catch {
        invalid.push(text);
      }
    }
  })();

  const other = spawn(process.execPath, [script, file, String(ROUNDS)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise((resolve) => other.once('exit', resolve));
  const lines = createInterface({ input: other.stdout })[Symbol.asyncIterator]();
  expect((await lines.next()).value).toBe('ready');
  const otherDone = lines.next();

  const files = {
    localSettings: file,
    projectSettings: join(dir.path, 'p.json'),
    userSettings: join(dir.path, 'u.json'),
  };
  for (let i = 0; i < ROUNDS; i++) {
    const outcome = await saveRuleEdit({
      edit: { kind: 'add', to: { source: 'localSettings', behavior: 'allow' }, rule: `Bash(editor-${i})` },
      files,
      versions: {},
    });
    expect(outcome.status).toBe('saved');
  }
  expect((await otherDone).value).toBe('done');
  expect(await exited).toBe(0);
  reading = false;
  await reader;

  const final = JSON.parse(await readFile(file, 'utf8'));
  const allow: string[] = final.permissions.allow;
  for (let i = 0; i < ROUNDS; i++) {
    expect(allow).toContain(`Bash(editor-${i})`);
    expect(allow).toContain(`Read(./other-${i})`);
  }
  expect(final.env).toEqual({ KEEP: 'me' });
  expect(invalid).toEqual([]);
  expect(reads).toBeGreaterThan(ROUNDS);
});
