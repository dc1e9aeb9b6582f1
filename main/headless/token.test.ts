import { chmod, mkdir, readFile, stat, symlink } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeTempDir } from '../../tests/support/temp-dir';
import { runToken } from './token';

let dir: Awaited<ReturnType<typeof makeTempDir>>;
beforeEach(async () => (dir = await makeTempDir()));
afterEach(() => dir.remove());

// No session bus in this environment, so the token rests in the file: the path a keychain-less machine takes.
function run(argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const env = { GATEHOUSE_HOME: dir.path };
  const done = runToken(argv, { stdout: (t) => out.push(t), stderr: (t) => err.push(t), env });
  return done.then((code) => ({ code, out: out.join(''), err: err.join('') }));
}

describe('gatehouse token', () => {
  it('creates the token on first use, shows it on request, and keeps it', async () => {
    const first = await run(['--show']);
    expect(first.code).toBe(0);
    const token = first.out.trim();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect((await run(['--show'])).out.trim()).toBe(token);
    const where = await run([]);
    expect(where.out).toMatch(/stored in .*token\. Print it with --show/);
    if (first.err) expect((await stat(join(dir.path, 'token'))).mode & 0o777).toBe(0o600);
  });

  it('rotates to a new token', async () => {
    const before = (await run(['--show'])).out.trim();
    const rotated = await run(['--rotate']);
    expect(rotated.out).toMatch(/A new bridge token is stored/);
    const after = (await run(['--show'])).out.trim();
    expect(after).not.toBe(before);
    if (rotated.err) expect((await readFile(join(dir.path, 'token'), 'utf8')).trim()).toBe(after);
  });

  it('makes an existing 0755 home private before storing the token in it', async () => {
    await chmod(dir.path, 0o755);
    expect((await run(['--show'])).code).toBe(0);
    expect((await stat(dir.path)).mode & 0o777).toBe(0o700);
  });

  it('refuses a home that is a symbolic link, with one sentence, and stores nothing there', async () => {
    const target = join(dir.path, 'target');
    await mkdir(target);
    const out: string[] = [];
    const err: string[] = [];
    const env = { GATEHOUSE_HOME: join(dir.path, 'link') };
    await symlink(target, env.GATEHOUSE_HOME);
    const code = await runToken(['--show'], { stdout: (t) => out.push(t), stderr: (t) => err.push(t), env });
    expect(code).toBe(1);
    expect(err.join('')).toMatch(/^gatehouse token: Gatehouse's folder .*link is a symbolic link; .*\n$/);
    expect(out).toEqual([]);
  });

  it('refuses a wrong flag with one sentence and exit 2', async () => {
    const result = await run(['--rotat']);
    expect(result.code).toBe(2);
    expect(result.err).toMatch(/unknown option --rotat\. Run "gatehouse token --help"/);
  });
});
