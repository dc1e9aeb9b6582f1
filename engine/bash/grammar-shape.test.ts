/** The shape syntax-tree.ts relies on, read again from the installed grammar's own description. */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIELD_PARENTS, LEAF_TYPES } from './grammar-shape';

const grammarDir = join(
  dirname(createRequire(import.meta.url).resolve('tree-sitter-bash/package.json')),
  'src',
);
const read = (file: string) => JSON.parse(readFileSync(join(grammarDir, file), 'utf8')) as unknown;

interface NodeType {
  readonly type: string;
  readonly named: boolean;
  readonly fields?: Record<string, unknown>;
  readonly children?: unknown;
  readonly subtypes?: unknown;
}
const nodeTypes = read('node-types.json') as NodeType[];
const hasFields = (t: NodeType) => t.fields !== undefined && Object.keys(t.fields).length > 0;

describe('the Bash grammar’s shape', () => {
  it('lists exactly the named types that have no children', () => {
    const leaves = nodeTypes
      .filter((t) => t.named && !hasFields(t) && !t.children && !t.subtypes)
      .map((t) => t.type);
    expect([...LEAF_TYPES].sort()).toEqual(leaves.sort());
  });

  it('lists exactly the types whose children fill fields', () => {
    const parents = nodeTypes.filter(hasFields).map((t) => t.type);
    expect([...FIELD_PARENTS].sort()).toEqual(parents.sort());
  });

  it('makes anonymous nodes only of tokens: an anonymous alias never stands for a rule with children', () => {
    const grammar = read('grammar.json') as {
      rules: Record<string, unknown>;
      externals: { name?: string }[];
    };
    const externals = new Set(grammar.externals.map((e) => e.name));
    const anonymousAliases: unknown[] = [];
    const walk = (node: unknown): void => {
      if (Array.isArray(node)) node.forEach(walk);
      else if (node !== null && typeof node === 'object') {
        const rule = node as { type?: string; named?: boolean; content?: { type: string; name?: string } };
        if (rule.type === 'ALIAS' && rule.named === false) anonymousAliases.push(rule.content);
        Object.values(node).forEach(walk);
      }
    };
    walk(grammar.rules);
    expect(anonymousAliases.length).toBeGreaterThan(0);
    for (const content of anonymousAliases as { type: string; name?: string }[]) {
      const isToken =
        content.type === 'PATTERN' ||
        content.type === 'STRING' ||
        (content.type === 'SYMBOL' && externals.has(content.name));
      expect(isToken, JSON.stringify(content)).toBe(true);
    }
  });
});
