import { execFileSync } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PermissionRequest } from '../../common/protocol';
import { makeTempDir } from '../../tests/support/temp-dir';
import { applyEdit, MAX_PREVIEW_BYTES, previewEdit } from './edit-preview';

let dir: Awaited<ReturnType<typeof makeTempDir>>;
let file: string;
beforeAll(async () => {
  dir = await makeTempDir();
  file = join(dir.path, 'app.ts');
  await writeFile(file, 'const a = 1;\nconst b = 2;\nconst a2 = 1;\n');
});
afterAll(() => dir.remove());

const call = (tool: string, input: Record<string, unknown>): PermissionRequest => ({
  type: 'permission.request',
  id: 'r',
  sessionId: 's',
  cwd: dir.path,
  tool,
  input,
  mode: 'default',
});

describe('applyEdit', () => {
  it('replaces the first occurrence, or all with replace_all', () => {
    expect(applyEdit('x x', { old_string: 'x', new_string: 'y' })).toBe('y x');
    expect(applyEdit('x x', { old_string: 'x', new_string: 'y', replace_all: true })).toBe('y y');
    expect(applyEdit('x', { old_string: '$&', new_string: 'y' })).toEqual({ missing: '$&' });
    expect(applyEdit('a$b', { old_string: 'a', new_string: '$&$&' })).toBe('$&$&$b');
  });
});

describe('previewEdit', () => {
  it('diffs an Edit against the file on disk', async () => {
    const preview = await previewEdit(
      call('Edit', { file_path: file, old_string: 'const b = 2;', new_string: 'const b = 3;' }),
    );
    expect(preview).toMatchObject({ kind: 'diff', path: file, isNew: false, added: 1, removed: 1 });
    expect(preview.kind === 'diff' && preview.hunks[0]?.lines).toEqual([
      ' const a = 1;',
      '-const b = 2;',
      '+const b = 3;',
      ' const a2 = 1;',
    ]);
  });

  it('applies a MultiEdit in order', async () => {
    const preview = await previewEdit(
      call('MultiEdit', {
        file_path: file,
        edits: [
          { old_string: 'const a = 1;', new_string: 'let a = 1;' },
          { old_string: 'let a = 1;', new_string: 'let a = 10;' },
        ],
      }),
    );
    expect(preview).toMatchObject({ kind: 'diff', added: 1, removed: 1 });
  });

  it('diffs an ACP call’s own old and new text, whatever the file on disk says', async () => {
    const acp = (content: unknown[]): PermissionRequest => ({
      ...call('Edit app.ts', { kind: 'edit', content }),
      provenance: { type: 'acp' },
    });
    const preview = await previewEdit(
      acp([{ type: 'diff', path: file, oldText: 'one\ntwo\n', newText: 'one\n2\n' }]),
    );
    expect(preview).toMatchObject({ kind: 'diff', path: file, isNew: false, added: 1, removed: 1 });
    expect(preview.kind === 'diff' && preview.hunks[0]?.lines).toEqual([' one', '-two', '+2']);
    const created = await previewEdit(acp([{ type: 'diff', path: join(dir.path, 'n.ts'), newText: 'x\n' }]));
    expect(created).toMatchObject({ kind: 'diff', isNew: true, added: 1, removed: 0 });
    expect(await previewEdit(acp([]))).toEqual({
      kind: 'unavailable',
      reason: 'The ACP call carries no diff.',
      refused: { reason: 'acp-no-diff' },
    });
  });

  it('shows a Write of a new file as all added', async () => {
    const preview = await previewEdit(
      call('Write', { file_path: join(dir.path, 'new.ts'), content: 'one\ntwo\n' }),
    );
    expect(preview).toMatchObject({ kind: 'diff', isNew: true, added: 2, removed: 0 });
  });

  it('diffs a 10,000-line Write that rewrites every line of the file', async () => {
    const rewritten = join(dir.path, 'rewritten.ts');
    const lines = (line: (i: number) => string) =>
      Array.from({ length: 10_000 }, (_, i) => line(i)).join('\n');
    await writeFile(rewritten, lines((i) => `export const line${i} = ${i};`) + '\n');
    const content = lines((i) => `  const value${i} = compute(${i});`) + '\n';
    const preview = await previewEdit(call('Write', { file_path: rewritten, content }));
    expect(preview).toMatchObject({ kind: 'diff', added: 10_000, removed: 10_000, oldLength: 10_000 });
  });

  it('says when an Edit would fail', async () => {
    expect(
      await previewEdit(call('Edit', { file_path: file, old_string: 'nope', new_string: 'x' })),
    ).toMatchObject({
      kind: 'unavailable',
      reason: expect.stringMatching(/not in the file/),
    });
    expect(
      await previewEdit(
        call('Edit', { file_path: join(dir.path, 'gone.ts'), old_string: 'a', new_string: 'b' }),
      ),
    ).toMatchObject({
      kind: 'unavailable',
      reason: expect.stringMatching(/does not exist/),
    });
  });

  it('refuses to diff a file beyond the size limit, saying how big it is', async () => {
    const big = join(dir.path, 'big.log');
    await writeFile(big, Buffer.alloc(MAX_PREVIEW_BYTES + 1, 97));
    expect(await previewEdit(call('Write', { file_path: big, content: 'x' }))).toMatchObject({
      kind: 'unavailable',
      reason: expect.stringMatching(/4\.0 MB, too large/),
      refused: { reason: 'too-large', size: MAX_PREVIEW_BYTES + 1, limit: MAX_PREVIEW_BYTES },
    });
  });

  it('refuses a device or a FIFO without reading it, saying what it is', async () => {
    const fifo = join(dir.path, 'pipe');
    execFileSync('mkfifo', [fifo]);
    expect(
      await previewEdit(call('Edit', { file_path: '/dev/zero', old_string: 'a', new_string: 'b' })),
    ).toEqual({
      kind: 'unavailable',
      path: '/dev/zero',
      reason: 'The path is a device, not a regular file, so it was not read.',
      refused: { reason: 'not-a-regular-file' },
    });
    expect(await previewEdit(call('Write', { file_path: fifo, content: 'x' }))).toMatchObject({
      reason: 'The path is a FIFO, not a regular file, so it was not read.',
      refused: { reason: 'not-a-regular-file' },
    });
  });
});
