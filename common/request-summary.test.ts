import { describe, expect, it } from 'vitest';
import { oneLine, summarizeRequest } from './request-summary';

describe('oneLine', () => {
  it('keeps a short line whole', () => {
    expect(oneLine('npm test', 20)).toEqual({ text: 'npm test', complete: true });
  });

  it('shows line breaks, so nothing hides on a second line', () => {
    expect(oneLine('ls\n\n\nrm -rf /', 100)).toEqual({ text: 'ls ↵  ↵  ↵ rm -rf /', complete: true });
  });

  it('drops control and bidi characters and says the line is no longer the whole text', () => {
    expect(oneLine('echo \u202Egnp.exe\u202C\u0007', 100)).toEqual({ text: 'echo gnp.exe', complete: false });
    expect(oneLine('echo \u202Egnp.exe\n', 100, { keepHidden: true })).toEqual({
      text: 'echo \u202Egnp.exe ↵ ',
      complete: true,
    });
  });

  it('cuts long lines with an ellipsis without splitting a character', () => {
    const line = oneLine('😀'.repeat(10), 5);
    expect(line).toEqual({ text: '😀😀😀😀…', complete: false });
  });
});

describe('summarizeRequest', () => {
  const summary = (tool: string, input: Record<string, unknown>) => {
    const { action, line } = summarizeRequest(tool, input, 100);
    return [action, line.text];
  };

  it('shows the field that says what each tool does', () => {
    expect(summary('Bash', { command: 'npm test', description: 'x' })).toEqual(['run', 'npm test']);
    expect(summary('Edit', { file_path: '/p/a.ts', old_string: 'a' })).toEqual(['edit', '/p/a.ts']);
    expect(summary('NotebookEdit', { notebook_path: '/p/n.ipynb' })).toEqual(['edit', '/p/n.ipynb']);
    expect(summary('Read', { file_path: '/p/a.ts' })).toEqual(['read', '/p/a.ts']);
    expect(summary('WebFetch', { url: 'https://x.example/a', prompt: 'p' })).toEqual([
      'fetch',
      'https://x.example/a',
    ]);
    expect(summary('WebSearch', { query: 'vitest' })).toEqual(['webSearch', 'vitest']);
  });

  it('names a search by its pattern and, when given, the folder it searches', () => {
    expect(summary('Grep', { pattern: 'TODO', path: 'src' })).toEqual(['search', 'TODO in src']);
    expect(summary('Glob', { pattern: '**/*.ts' })).toEqual(['search', '**/*.ts']);
  });

  it('shows the whole input of a tool without such a field, or when the field is not text', () => {
    expect(summary('mcp__db__query', { command: 'drop', n: 1 })).toEqual(['use', '{"command":"drop","n":1}']);
    expect(summary('Bash', { command: 42 })).toEqual(['use', '{"command":42}']);
    expect(summary('constructor', {})).toEqual(['use', '{}']);
  });

  it('keeps a multi-line command on one line that still shows its breaks', () => {
    expect(summary('Bash', { command: 'npm\n  test' })).toEqual(['run', 'npm ↵   test']);
  });

  it('cuts the line to the limit and says so', () => {
    const { line } = summarizeRequest('Bash', { command: 'x'.repeat(50) }, 10);
    expect(line).toEqual({ text: `${'x'.repeat(9)}…`, complete: false });
  });

  it('summarises an ACP call by its command, its diff’s file or the file it reads, never its JSON', () => {
    const acp = { type: 'acp' };
    const run = { kind: 'execute', rawInput: { command: 'npm test' } };
    expect(summarizeRequest('`npm test`', run, 80, acp)).toMatchObject({
      action: 'run',
      line: { text: 'npm test' },
    });
    const edit = { kind: 'edit', content: [{ type: 'diff', path: '/p/a.ts', oldText: 'a', newText: 'b' }] };
    expect(summarizeRequest('Edit a.ts', edit, 80, acp)).toMatchObject({
      action: 'edit',
      line: { text: '/p/a.ts' },
    });
    const read = { kind: 'read', locations: [{ path: '/p/b.ts' }] };
    expect(summarizeRequest('Read b.ts', read, 80, acp)).toMatchObject({
      action: 'read',
      line: { text: '/p/b.ts' },
    });
    expect(summarizeRequest('Think', { kind: 'think' }, 80, acp)).toMatchObject({
      action: 'use',
      line: { text: 'Think' },
    });
    expect(summarizeRequest('Think', { kind: 'think' }, 80).line.text).toBe('{"kind":"think"}');
  });
});
