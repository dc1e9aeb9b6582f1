// Regenerates the JSON Schema block of docs/protocol.md from common/protocol.ts.
import { readFile, writeFile } from 'node:fs/promises';
import { replaceSchemaBlock } from '../common/protocol-docs';
import { protocolJsonSchema } from '../common/protocol-schema';

const path = 'docs/protocol.md';
const doc = await readFile(path, 'utf8');
await writeFile(path, replaceSchemaBlock(doc, protocolJsonSchema()));
console.log(`Wrote the JSON Schema into ${path}.`);
