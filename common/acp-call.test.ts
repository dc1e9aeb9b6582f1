import { describe, expect, it } from 'vitest';
import { acpCallOf, changedPart } from './acp-call';

const acp = (input: Record<string, unknown>) => ({ input, provenance: { type: 'acp' } });

describe('acpCallOf', () => {
  it('is undefined for a request that did not come through gatehouse acp', () => {
    expect(acpCallOf({ input: { kind: 'execute', rawInput: { command: 'ls' } } })).toBeUndefined();
    expect(acpCallOf({ input: {}, provenance: { type: 'rule' } })).toBeUndefined();
  });

  it('reads an execute call’s command and description from its raw input, and leaves the echoed text out', () => {
    const call = acpCallOf(
      acp({
        kind: 'execute',
        rawInput: { command: 'rm -rf build', description: 'Clean the build' },
        content: [
          { type: 'content', content: { type: 'text', text: 'rm -rf build' } },
          { type: 'terminal', terminalId: 't1' },
        ],
      }),
    );
    expect(call).toEqual({
      kind: 'execute',
      command: 'rm -rf build',
      description: 'Clean the build',
      diffs: [],
      locations: [],
      texts: [],
      terminals: 1,
      rawInput: { command: 'rm -rf build', description: 'Clean the build' },
    });
  });

  it('quotes an argv command so it reads as typed, and takes a command only from an execute call', () => {
    const argv = acpCallOf(acp({ kind: 'execute', rawInput: { command: ['bash', '-lc', "echo 'hi' > a"] } }));
    expect(argv?.command).toBe(`bash -lc 'echo '\\''hi'\\'' > a'`);
    expect(acpCallOf(acp({ kind: 'edit', rawInput: { command: 'ls' } }))?.command).toBeUndefined();
    expect(acpCallOf(acp({ kind: 'execute', rawInput: { command: 7 } }))?.command).toBeUndefined();
  });

  it('reads diffs, text and locations, and drops parts of the wrong shape', () => {
    const call = acpCallOf(
      acp({
        kind: 'edit',
        content: [
          { type: 'diff', path: '/p/a.ts', oldText: 'a\n', newText: 'b\n' },
          { type: 'diff', path: '/p/new.ts', newText: 'n\n' },
          { type: 'diff', path: '/p/bad.ts', oldText: 'a' },
          { type: 'content', content: { type: 'text', text: 'Rename a to b' } },
          { type: 'content', content: { type: 'image', data: 'x' } },
          'junk',
        ],
        locations: [{ path: '/p/a.ts', line: 4 }, { path: '/p/b.ts', line: -1 }, { line: 3 }, null],
      }),
    );
    expect(call?.diffs).toEqual([
      { path: '/p/a.ts', oldText: 'a\n', newText: 'b\n' },
      { path: '/p/new.ts', oldText: null, newText: 'n\n' },
    ]);
    expect(call?.texts).toEqual(['Rename a to b']);
    expect(call?.locations).toEqual([{ path: '/p/a.ts', line: 4 }, { path: '/p/b.ts' }]);
    expect(call).not.toHaveProperty('rawInput');
  });
});

describe('changedPart', () => {
  it('keeps only the lines a diff changes', () => {
    const diff = { path: '/p', oldText: 'a\nb\nc\nd\n', newText: 'a\nB\nB2\nc\nd\n' };
    expect(changedPart(diff)).toEqual({ removed: 'b', added: 'B\nB2' });
    expect(changedPart({ path: '/p', oldText: null, newText: 'x\ny' })).toEqual({
      removed: '',
      added: 'x\ny',
    });
    expect(changedPart({ path: '/p', oldText: 'same', newText: 'same' })).toEqual({ removed: '', added: '' });
    expect(changedPart({ path: '/p', oldText: 'a\na', newText: 'a' })).toEqual({ removed: 'a', added: '' });
  });
});
