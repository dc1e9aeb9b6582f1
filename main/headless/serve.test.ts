import { describe, expect, it } from 'vitest';
import { runServe, parseServeArgs } from './serve';

describe('gatehouse serve arguments', () => {
  it('reads port, home, timeout and timeout action', () => {
    expect(
      parseServeArgs(
        ['--port', '8123', '--home', '/tmp/g', '--timeout', '5000', '--timeout-action', 'deny'],
        {},
      ),
    ).toEqual({
      port: 8123,
      home: '/tmp/g',
      timeoutMs: 5000,
      timeoutAction: 'deny',
    });
  });

  it('turns notifications on with --notify', () => {
    expect(parseServeArgs(['--notify'], { GATEHOUSE_HOME: '/x' })).toMatchObject({ notify: true });
    expect(parseServeArgs([], { GATEHOUSE_HOME: '/x' })).not.toHaveProperty('notify');
  });

  it('defaults home to $GATEHOUSE_HOME and the action to passthrough', () => {
    expect(parseServeArgs([], { GATEHOUSE_HOME: '/x' })).toMatchObject({
      port: 'remembered',
      home: '/x',
      timeoutAction: 'passthrough',
    });
  });

  it.each([
    [['--port', 'eighty'], /--port takes a whole number/],
    [['--port', '70000'], /--port takes a whole number/],
    [['--timeout=0'], /--timeout takes a whole number of milliseconds from 1 to 2147483647/],
    [['--timeout'], /option --timeout needs a value/],
    [['--timeout-action', 'allow'], /never allows/],
    [['--bogus'], /unknown option --bogus/],
    [['stray'], /unexpected argument "stray"/],
    [['--notify=yes'], /option --notify takes no value/],
  ])('refuses %j with one sentence and exit 2', async (argv, sentence) => {
    const err: string[] = [];
    const code = await runServe(argv, { stdout: () => undefined, stderr: (t) => err.push(t), env: {} });
    expect(code).toBe(2);
    expect(err).toHaveLength(1);
    expect(err[0]).toMatch(sentence);
    expect(err[0]).toMatch(/Run "gatehouse serve --help"/);
  });

  it('refuses a timeout past the longest timer Node keeps, which it would clamp to 1 ms', () => {
    expect(() => parseServeArgs(['--timeout', '3000000000'], { GATEHOUSE_HOME: '/x' })).toThrow(
      /^--timeout takes a whole number of milliseconds from 1 to 2147483647 .*, not "3000000000"$/,
    );
    expect(parseServeArgs(['--timeout', '2147483647'], { GATEHOUSE_HOME: '/x' })).toMatchObject({
      timeoutMs: 2_147_483_647,
    });
  });

  it('prints its help', async () => {
    const out: string[] = [];
    expect(await runServe(['--help'], { stdout: (t) => out.push(t), stderr: () => undefined, env: {} })).toBe(
      0,
    );
    expect(out.join('')).toMatch(/--timeout-action/);
  });
});
