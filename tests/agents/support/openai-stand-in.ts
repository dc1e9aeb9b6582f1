/**
 * A local stand-in for OpenAI's Responses API (`POST /v1/responses`, streamed), enough for Codex to run a
 * turn offline: a turn with no tool output yet gets the scripted shell call, and the output Codex sends
 * back (`function_call_output`) is kept for the test to read; after it, a short text ends the turn.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Arrivals } from './arrivals';

/** Codex's shell tool, asking to run outside the sandbox so that its approval path runs. */
export interface ScriptedShellCall {
  readonly cmd: string;
  readonly justification: string;
}
export interface ToolOutput {
  readonly callId: string;
  readonly output: string;
}

interface InputItem {
  readonly type?: string;
  readonly call_id?: string;
  readonly output?: unknown;
}

export interface OpenAiStandIn {
  readonly baseUrl: string;
  script(call: ScriptedShellCall): void;
  /** Resolves with the output of the scripted call, once Codex sends it. */
  nextToolOutput(): Promise<ToolOutput>;
  close(): Promise<void>;
}

export async function startOpenAiStandIn(): Promise<OpenAiStandIn> {
  let pending: ScriptedShellCall | undefined;
  let count = 0;
  const seen = new Set<string>();
  const arrivals = new Arrivals<ToolOutput>();

  const server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      if (req.method !== 'POST' || !req.url?.endsWith('/responses')) {
        res.writeHead(404, { 'content-type': 'application/json' }).end('{}');
        return;
      }
      const input = ((JSON.parse(body || '{}') as { input?: InputItem[] }).input ?? []).filter(
        (item) => item.type === 'function_call_output',
      );
      const fresh = input.find((item) => item.call_id && !seen.has(item.call_id));
      let item: object;
      if (fresh?.call_id) {
        seen.add(fresh.call_id);
        arrivals.push({
          callId: fresh.call_id,
          output: typeof fresh.output === 'string' ? fresh.output : JSON.stringify(fresh.output),
        });
        item = textItem(++count);
      } else if (pending) {
        const call = pending;
        pending = undefined;
        count += 1;
        item = {
          type: 'function_call',
          id: `fc_${count}`,
          call_id: `call_${count}`,
          name: 'exec_command',
          arguments: JSON.stringify({ ...call, sandbox_permissions: 'require_escalated' }),
          status: 'completed',
        };
      } else {
        item = textItem(++count);
      }
      const id = `resp_${count}`;
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      const send = (type: string, data: object) =>
        res.write(`event: ${type}\ndata: ${JSON.stringify({ type, ...data })}\n\n`);
      send('response.created', { response: { id, status: 'in_progress', output: [] } });
      send('response.output_item.added', { output_index: 0, item });
      send('response.output_item.done', { output_index: 0, item });
      send('response.completed', {
        response: {
          id,
          status: 'completed',
          output: [item],
          usage: {
            input_tokens: 1,
            output_tokens: 1,
            total_tokens: 2,
            input_tokens_details: { cached_tokens: 0 },
            output_tokens_details: { reasoning_tokens: 0 },
          },
        },
      });
      res.end();
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    script: (call) => {
      pending = call;
    },
    nextToolOutput: () => arrivals.next(),
    close: () =>
      new Promise((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}

const textItem = (n: number) => ({
  type: 'message',
  id: `msg_${n}`,
  role: 'assistant',
  status: 'completed',
  content: [{ type: 'output_text', text: 'Done.', annotations: [] }],
});
