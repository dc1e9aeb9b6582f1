import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { replaceLimitsBlock, replaceSchemaBlock } from './protocol-docs';
import { protocolJsonSchema } from './protocol-schema';

describe('docs/protocol.md', () => {
  it('carries the JSON Schema generated from common/protocol.ts (run npm run docs:protocol after a change)', () => {
    const doc = readFileSync('docs/protocol.md', 'utf8');
    expect(replaceSchemaBlock(doc, protocolJsonSchema())).toBe(doc);
  });

  it('carries the limits table generated from common/bridge-limits.ts (run npm run docs:protocol after a change)', () => {
    const doc = readFileSync('docs/protocol.md', 'utf8');
    expect(replaceLimitsBlock(doc)).toBe(doc);
  });
});
