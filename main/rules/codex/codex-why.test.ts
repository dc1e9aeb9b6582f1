import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { PermissionRequest } from '../../../common/protocol';
import type { BashSupport } from '../../../engine';
import { loadInstalledBashSupport } from '../../../engine/node';
import { makeTempDir } from '../../../tests/support/temp-dir';
import { commandsOf, createCodexWhy, strictest } from './codex-why';
import { matchesIn } from './exec-policy-check';

let bash: BashSupport;
beforeAll(async () => {
  bash = await loadInstalledBashSupport();
});

describe('the commands Codex checks its rules against', () => {
  it('splits a shell line into its simple commands, wrappers kept in front', () => {
    expect(commandsOf('git status && timeout 5 npm test | tee log', bash)).toEqual([
      ['git', 'status'],
      ['timeout', '5', 'npm', 'test'],
      ['tee', 'log'],
    ]);
  });

  it('leaves a line it cannot split as the bash -lc call Codex runs', () => {
    expect(commandsOf('echo "unterminated', bash)).toEqual([['bash', '-lc', 'echo "unterminated']]);
  });
});

describe('Codex’s answer', () => {
  it('reads each prefix rule of `execpolicy check`, credited to the file checked', () => {
    const answer =
      '{"matchedRules":[{"prefixRuleMatch":{"matchedPrefix":["git","push"],"decision":"forbidden","justification":"Use the CI"}},{"heuristicsRuleMatch":{"command":["x"],"decision":"prompt"}}],"decision":"forbidden"}';
    expect(matchesIn(answer, '/r/a.rules')).toEqual([
      { prefix: ['git', 'push'], decision: 'forbidden', justification: 'Use the CI', file: '/r/a.rules' },
    ]);
    expect(matchesIn('{"matchedRules":[]}', '/r/a.rules')).toEqual([]);
    expect(() => matchesIn('{}', '/r/a.rules')).toThrow(/matchedRules/);
  });

  it('folds matches as Codex does: forbidden over prompt over allow', () => {
    const rule = (decision: 'allow' | 'prompt' | 'forbidden') => ({ prefix: ['x'], decision, file: 'f' });
    expect(strictest([rule('allow'), rule('forbidden'), rule('prompt')])).toBe('forbidden');
    expect(strictest([rule('allow'), rule('prompt')])).toBe('prompt');
    expect(strictest([rule('allow')])).toBe('allow');
  });
});

describe('why Codex asked, when Codex cannot say', () => {
  let dir: Awaited<ReturnType<typeof makeTempDir>>;
  let request: PermissionRequest;
  beforeEach(async () => {
    dir = await makeTempDir();
    await mkdir(join(dir.path, 'codex', 'rules'), { recursive: true });
    await writeFile(join(dir.path, 'codex', 'rules', 'a.rules'), 'prefix_rule(pattern = ["touch"])\n');
    await mkdir(join(dir.path, 'project'));
    request = {
      type: 'permission.request',
      id: 'r1',
      sessionId: 's1',
      cwd: join(dir.path, 'project'),
      tool: 'Bash',
      input: { command: 'touch x' },
      mode: 'default',
    };
  });
  afterEach(() => dir.remove());

  const why = (command: string, args: string[] = [], timeoutMs?: number) =>
    createCodexWhy({
      bash,
      program: { command, args },
      codexHome: join(dir.path, 'codex'),
      ...(timeoutMs ? { timeoutMs } : {}),
    })(request);

  it('says Codex is not installed, naming the program it tried', async () => {
    const missing = join(dir.path, 'no-codex');
    expect(await why(missing)).toEqual({
      execPolicy: { state: 'unchecked', reason: 'not-installed', detail: missing },
    });
  });

  it('says Codex failed, with its first error line, or was too slow', async () => {
    const failing = ['-e', 'console.error("Error: failed to parse policy at a.rules"); process.exit(1)'];
    expect((await why(process.execPath, failing)).execPolicy).toEqual({
      state: 'unchecked',
      reason: 'failed',
      detail: 'failed to parse policy at a.rules',
    });
    const hanging = ['-e', 'setTimeout(() => {}, 60_000)'];
    expect((await why(process.execPath, hanging, 300)).execPolicy).toEqual({
      state: 'unchecked',
      reason: 'too-slow',
    });
  });

  it('checks nothing and says so when no .rules file exists, and reads no rollout file it was not given', async () => {
    expect(
      await createCodexWhy({
        bash,
        program: { command: 'unused', args: [] },
        codexHome: join(dir.path, 'none'),
      })(request),
    ).toEqual({
      execPolicy: { state: 'none', files: [] },
    });
  });
});
