import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeTempDir } from '../../../tests/support/temp-dir';
import { EXAMPLES_FILE, ExamplesFileError, openExamplesStore } from './examples-store';

let dir: Awaited<ReturnType<typeof makeTempDir>>;
beforeEach(async () => {
  dir = await makeTempDir();
});
afterEach(async () => {
  await dir.remove();
});

const examples = { match: ['npm test'], noMatch: ['npm publish'] };

describe('the examples store', () => {
  it('keeps examples by file and rule text, across a restart, and drops an emptied entry', async () => {
    const store = await openExamplesStore(dir.path);
    await store.set('/p/.claude/settings.json', 'Bash(npm test *)', examples);
    expect((await openExamplesStore(dir.path)).get('/p/.claude/settings.json', 'Bash(npm test *)')).toEqual(
      examples,
    );
    expect(store.get('/p/.claude/settings.local.json', 'Bash(npm test *)')).toEqual({
      match: [],
      noMatch: [],
    });
    await store.set('/p/.claude/settings.json', 'Bash(npm test *)', { match: [], noMatch: [] });
    expect(JSON.parse(await readFile(join(dir.path, EXAMPLES_FILE), 'utf8'))).toEqual({
      version: 1,
      rules: {},
    });
  });

  it('moves examples with their rule', async () => {
    const store = await openExamplesStore(dir.path);
    await store.set('/a.json', 'Bash(x)', examples);
    await store.move({ file: '/a.json', rule: 'Bash(x)' }, { file: '/b.json', rule: 'Bash(x *)' });
    const reopened = await openExamplesStore(dir.path);
    expect(reopened.get('/a.json', 'Bash(x)')).toEqual({ match: [], noMatch: [] });
    expect(reopened.get('/b.json', 'Bash(x *)')).toEqual(examples);
  });

  it('never overwrites an examples file it cannot read', async () => {
    await writeFile(join(dir.path, EXAMPLES_FILE), '{ broken');
    const store = await openExamplesStore(dir.path);
    await expect(store.set('/a.json', 'Bash', examples)).rejects.toBeInstanceOf(ExamplesFileError);
    expect(await readFile(join(dir.path, EXAMPLES_FILE), 'utf8')).toBe('{ broken');
  });
});
