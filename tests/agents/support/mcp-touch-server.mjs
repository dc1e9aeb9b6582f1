// A minimal MCP server on stdio (newline-delimited JSON-RPC) with one tool, `touch`, which makes a file in
// the folder given as its argument: enough for Claude Code to ask permission for an MCP tool.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';

const folder = process.argv[2];
const send = (message) => process.stdout.write(`${JSON.stringify({ jsonrpc: '2.0', ...message })}\n`);

const tools = [
  {
    name: 'touch',
    description: 'Make an empty file in the project',
    inputSchema: { type: 'object', properties: { file: { type: 'string' } }, required: ['file'] },
  },
];

function answer(method, params) {
  if (method === 'initialize')
    return {
      protocolVersion: params.protocolVersion,
      capabilities: { tools: {} },
      serverInfo: { name: 'touch-server', version: '1.0.0' },
    };
  if (method === 'tools/list') return { tools };
  if (method === 'tools/call') {
    writeFileSync(join(folder, String(params.arguments.file).replace(/[/\\]/g, '_')), '');
    return { content: [{ type: 'text', text: 'made' }] };
  }
  if (method === 'ping') return {};
  return undefined;
}

createInterface({ input: process.stdin }).on('line', (line) => {
  let message;
  try {
    message = JSON.parse(line);
  } catch {
    return;
  }
  if (message.id === undefined) return;
  const result = answer(message.method, message.params ?? {});
  if (result === undefined) send({ id: message.id, error: { code: -32601, message: 'Method not found' } });
  else send({ id: message.id, result });
});
