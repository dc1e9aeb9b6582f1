import fc from 'fast-check';
import { applyEdits, modify, type ModificationOptions } from 'jsonc-parser';
import { describe, expect, it } from 'vitest';
import { spliceJson } from './json-splice';

const compact = `{ "model": "opus", "permissions": { "allow": ["Bash(npm test)"] },
  "hooks": { "PreToolUse": [ { "matcher": "Bash", "hooks": [ { "type": "command", "command": "lint" } ] } ] } }
`;

function splice(text: string, after: unknown, indent = '  ') {
  return spliceJson(text, JSON.parse(text), after, indent);
}

describe('splicing a JSON text', () => {
  it('adds a member, leaving every other byte as it was, on one line where the object is on one', () => {
    const before = JSON.parse(compact);
    const after = { ...before, hooks: { ...before.hooks, Stop: [{ hooks: [] }] } };
    expect(splice(compact, after)).toBe(compact.replace('] } ] } }', '] } ], "Stop": [{"hooks":[]}] } }'));
  });

  it('adds members over lines, indented to their depth, where the object is over lines', () => {
    const text = '{\n  "hooks": {\n    "Stop": []\n  }\n}\n';
    expect(splice(text, { hooks: { Stop: [], SessionEnd: [{ hooks: [] }] } })).toBe(
      '{\n  "hooks": {\n    "Stop": [],\n    "SessionEnd": [\n      {\n        "hooks": []\n      }\n    ]\n  }\n}\n',
    );
  });

  it('removes members (first, middle, last, several in a row) with their commas', () => {
    const text = '{\n  "a": 1,\n  "b": [2],\n  "c": {"x": 1},\n  "d": "4"\n}\n';
    expect(splice(text, { b: [2], c: { x: 1 }, d: '4' })).toBe(
      '{\n  "b": [2],\n  "c": {"x": 1},\n  "d": "4"\n}\n',
    );
    expect(splice(text, { a: 1, d: '4' })).toBe('{\n  "a": 1,\n  "d": "4"\n}\n');
    expect(splice(text, { c: { x: 1 } })).toBe('{\n  "c": {"x": 1}\n}\n');
    expect(splice(text, { a: 1, b: [2] })).toBe('{\n  "a": 1,\n  "b": [2]\n}\n');
    expect(splice(text, {})).toBe('{}\n');
  });

  it('edits nested objects and lists entry by entry, and re-serialises other values at their depth', () => {
    const text = '{\n\t"env": {"A": "1", "B": "2"},\n\t"list": [1],\n\t"n": 1\n}';
    expect(splice(text, { env: { A: '1', B: '3' }, list: [1, 2], n: { x: [1] } }, '\t')).toBe(
      '{\n\t"env": {"A": "1", "B": "3"},\n\t"list": [1, 2],\n\t"n": {\n\t\t"x": [\n\t\t\t1\n\t\t]\n\t}\n}',
    );
  });

  it('fills an empty object', () => {
    expect(splice('{}\n', { hooks: {} })).toBe('{\n  "hooks": {}\n}\n');
  });

  it('gives up (for a plain re-serialisation) on a text that is not an object', () => {
    expect(splice('[1]', [2])).toBeUndefined();
  });

  it('always yields the new value, in its key order, for any edit of any object', () => {
    const value = fc.jsonValue({ maxDepth: 3 });
    const object = fc.dictionary(fc.string({ maxLength: 5 }), value, { maxKeys: 6 });
    fc.assert(
      fc.property(object, object, fc.constantFrom('', '  ', '\t', '    '), (before, changes, indent) => {
        // Edits keep the old keys in place and add new ones at the end, as install and uninstall do.
        const after: Record<string, unknown> = {};
        for (const key of Object.keys(before))
          if (!(key in changes) || changes[key] !== null) after[key] = before[key];
        for (const [key, next] of Object.entries(changes)) if (next !== null) after[key] = next;
        const text = JSON.stringify(before, null, indent);
        const result = spliceJson(text, JSON.parse(text), after, indent || '  ');
        // Undefined only where a nested object's keys were reordered, which the caller then re-serialises.
        if (result !== undefined) expect(JSON.stringify(JSON.parse(result))).toBe(JSON.stringify(after));
      }),
      { numRuns: 500 },
    );
  });
});

// jsonc-parser's modify/applyEdits is what the issue asked to prefer; these are the layouts it breaks.
describe('where jsonc-parser would change what the person wrote', () => {
  const formatted: ModificationOptions = { formattingOptions: { insertSpaces: true, tabSize: 2, eol: '\n' } };
  const jsonc = (text: string, path: string[], value: unknown, options: ModificationOptions) =>
    applyEdits(text, modify(text, path, value, options));

  it('removing a first member leaves its neighbours as written, where jsonc-parser reflows or joins them', () => {
    const text = '{\n  "a": 1,\n  "b": [2],\n  "c": {"x": 1}\n}\n';
    expect(jsonc(text, ['a'], undefined, formatted)).toBe('{\n  "b": [\n    2\n  ],\n  "c": {"x": 1}\n}\n');
    expect(jsonc(text, ['a'], undefined, {})).toBe('{"b": [2],\n  "c": {"x": 1}\n}\n');
    expect(splice(text, { b: [2], c: { x: 1 } })).toBe('{\n  "b": [2],\n  "c": {"x": 1}\n}\n');
  });

  it('adding a hook to a compact file keeps the rest on its lines, where jsonc-parser reflows them', () => {
    const before = JSON.parse(compact);
    const added = [{ hooks: [] }];
    const jsoncOut = jsonc(compact, ['hooks', 'Stop'], added, formatted);
    expect(jsoncOut).toContain('"PreToolUse": [\n      {\n        "matcher": "Bash",');
    expect(splice(compact, { ...before, hooks: { ...before.hooks, Stop: added } })).toContain(
      '"hooks": { "PreToolUse": [ { "matcher": "Bash", "hooks": [ { "type": "command", "command": "lint" } ] } ],',
    );
  });
});
