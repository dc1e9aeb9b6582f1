/**
 * A local stand-in for the Anthropic Messages API, enough for Claude Code to run a turn offline: the main
 * conversation (a request that offers tools) gets the scripted tool call, and the `tool_result` Claude Code
 * sends back is kept for the test to read. Every other request (titles, summaries) gets a short text.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Arrivals } from './arrivals';

export interface ScriptedToolCall {
  readonly name: string;
  readonly input: Record<string, unknown>;
}
export interface ToolResult {
  readonly toolUseId: string;
  readonly isError: boolean;
  readonly text: string;
}

interface ContentBlock {
  readonly type: string;
  readonly tool_use_id?: string;
  readonly is_error?: boolean;
  readonly content?: unknown;
}
interface MessagesRequest {
  readonly model?: string;
  readonly stream?: boolean;
  readonly tools?: unknown[];
  readonly messages?: { role: string; content: string | ContentBlock[] }[];
}

export interface AnthropicStandIn {
  readonly baseUrl: string;
  /**
   * A tool call for the model to make: the first scripted call answers the next turn's request, and each
   * further one answers the tool result before it, so one turn can make several calls in one session.
   */
  script(call: ScriptedToolCall): void;
  /** Resolves with the next tool result not yet taken, waiting for Claude Code to send it if need be. */
  nextToolResult(): Promise<ToolResult>;
  readonly toolResults: readonly ToolResult[];
  close(): Promise<void>;
}

const textOf = (content: unknown): string =>
  typeof content === 'string'
    ? content
    : Array.isArray(content)
      ? content.map((part: { text?: string }) => part.text ?? '').join('')
      : '';

export async function startAnthropicStandIn(): Promise<AnthropicStandIn> {
  const pending: ScriptedToolCall[] = [];
  let midTurn = false;
  let count = 0;
  const toolResults: ToolResult[] = [];
  const arrivals = new Arrivals<ToolResult>();

  const server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      if (req.method !== 'POST' || !req.url?.startsWith('/v1/messages')) {
        res.writeHead(404, { 'content-type': 'application/json' }).end('{}');
        return;
      }
      const request = JSON.parse(body || '{}') as MessagesRequest;
      if (req.url.startsWith('/v1/messages/count_tokens')) {
        res.writeHead(200, { 'content-type': 'application/json' }).end('{"input_tokens":1}');
        return;
      }
      // The last user message: Claude Code may append a system message after it (a working directory added).
      const last = request.messages?.findLast((message) => message.role === 'user');
      const result = Array.isArray(last?.content)
        ? last.content.find((block) => block.type === 'tool_result')
        : undefined;
      let block:
        { type: 'text'; text: string } | { type: 'tool_use'; id: string; name: string; input: object };
      if (result) {
        const toolResult = {
          toolUseId: result.tool_use_id ?? '',
          isError: result.is_error === true,
          text: textOf(result.content),
        };
        toolResults.push(toolResult);
        arrivals.push(toolResult);
      }
      // Claude Code may send other requests with tools during a turn: a further call goes only to the
      // tool result of the call before it.
      const next =
        (request.tools?.length ?? 0) > 0 && (result !== undefined) === midTurn ? pending.shift() : undefined;
      if (next) midTurn = pending.length > 0;
      if (next) {
        block = { type: 'tool_use', id: `toolu_${++count}`, name: next.name, input: next.input };
      } else {
        block = { type: 'text', text: 'Done.' };
      }
      const stop = block.type === 'tool_use' ? 'tool_use' : 'end_turn';
      const message = {
        id: `msg_${++count}`,
        type: 'message',
        role: 'assistant',
        model: request.model ?? 'stand-in',
        stop_sequence: null,
        usage: { input_tokens: 1, output_tokens: 1 },
      };
      if (!request.stream) {
        res
          .writeHead(200, { 'content-type': 'application/json' })
          .end(JSON.stringify({ ...message, content: [block], stop_reason: stop }));
        return;
      }
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      const send = (type: string, data: object) =>
        res.write(`event: ${type}\ndata: ${JSON.stringify({ type, ...data })}\n\n`);
      send('message_start', { message: { ...message, content: [], stop_reason: null } });
      if (block.type === 'text') {
        send('content_block_start', { index: 0, content_block: { type: 'text', text: '' } });
        send('content_block_delta', { index: 0, delta: { type: 'text_delta', text: block.text } });
      } else {
        send('content_block_start', { index: 0, content_block: { ...block, input: {} } });
        send('content_block_delta', {
          index: 0,
          delta: { type: 'input_json_delta', partial_json: JSON.stringify(block.input) },
        });
      }
      send('content_block_stop', { index: 0 });
      send('message_delta', {
        delta: { stop_reason: stop, stop_sequence: null },
        usage: { output_tokens: 1 },
      });
      send('message_stop', {});
      res.end();
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;

  return {
    baseUrl: `http://127.0.0.1:${port}`,
    script: (call) => {
      pending.push(call);
    },
    nextToolResult: () => arrivals.next(),
    toolResults,
    close: () =>
      new Promise((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}
