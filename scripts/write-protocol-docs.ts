// Regenerates the generated blocks of docs/protocol.md: the limits table and the JSON Schema.
import { readFile, writeFile } from 'node:fs/promises';
import { replaceLimitsBlock, replaceSchemaBlock } from '../common/protocol-docs';
import { protocolJsonSchema } from '../common/protocol-schema';

const path = 'docs/protocol.md';
const doc = await readFile(path, 'utf8');
await writeFile(path, replaceSchemaBlock(replaceLimitsBlock(doc), protocolJsonSchema()));
console.log(`Wrote the limits table and the JSON Schema into ${path}.`);
