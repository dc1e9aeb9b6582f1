import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeTempDir } from '../../../tests/support/temp-dir';
import { readTurnSettings, turnSettingsIn } from './turn-settings';

/** A rollout file's lines as Codex 0.169 writes them, trimmed to what matters here. */
const context = (turnId: string, approval: unknown, sandbox: string) =>
  JSON.stringify({
    type: 'turn_context',
    payload: { turn_id: turnId, approval_policy: approval, sandbox_policy: { type: sandbox } },
  });
const output = (text: string) =>
  JSON.stringify({ type: 'response_item', payload: { type: 'function_call_output', output: text } });

describe('a Codex turn’s approval policy and sandbox, from its rollout file', () => {
  const text = [
    'line cut by the tail read"}',
    context('t1', 'never', 'read-only'),
    output('{"type":"turn_context"} in a tool’s output is not a context line'),
    context('t2', { granular: { rules: true } }, 'workspace-write'),
    output('x'.repeat(1000)),
    '',
  ].join('\n');

  it('reads the named turn’s context, wherever it is in the tail', () => {
    expect(turnSettingsIn(text, 't1')).toEqual({ approvalPolicy: 'never', sandbox: 'read-only' });
    expect(turnSettingsIn(text, 't2')).toEqual({ approvalPolicy: 'granular', sandbox: 'workspace-write' });
  });

  it('takes the last context when the request names no turn, and nothing for an unknown turn', () => {
    expect(turnSettingsIn(text, undefined)).toEqual({
      approvalPolicy: 'granular',
      sandbox: 'workspace-write',
    });
    expect(turnSettingsIn(text, 't9')).toBeUndefined();
    expect(turnSettingsIn('', undefined)).toBeUndefined();
  });

  describe('from the file', () => {
    let dir: Awaited<ReturnType<typeof makeTempDir>>;
    beforeEach(async () => {
      dir = await makeTempDir();
    });
    afterEach(() => dir.remove());

    it('reads a .jsonl rollout file, and no other file the agent names', async () => {
      const rollout = join(dir.path, 'rollout-1.jsonl');
      await writeFile(rollout, text);
      expect(await readTurnSettings(rollout, 't1')).toEqual({
        approvalPolicy: 'never',
        sandbox: 'read-only',
      });
      const other = join(dir.path, 'notes.txt');
      await writeFile(other, text);
      expect(await readTurnSettings(other, 't1')).toBeUndefined();
      expect(await readTurnSettings(join(dir.path, 'gone.jsonl'), 't1')).toBeUndefined();
      expect(await readTurnSettings(dir.path + '.jsonl', 't1')).toBeUndefined();
    });
  });
});
