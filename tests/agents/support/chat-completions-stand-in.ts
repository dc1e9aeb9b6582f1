/**
 * A local stand-in for OpenAI's Chat Completions API (`POST /v1/chat/completions`, streamed), which is
 * what the GitHub Copilot CLI's BYOK provider speaks by default (`COPILOT_PROVIDER_WIRE_API=completions`):
 * a turn with no tool result yet gets the scripted tool call, and the result Copilot sends back (a `tool`
 * message) is kept for the test to read; after it, a short text ends the turn.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Arrivals } from './arrivals';
import type { ToolOutput } from './openai-stand-in';

export interface ScriptedToolCall {
  readonly name: string;
  readonly args: Readonly<Record<string, unknown>>;
}

interface Message {
  readonly role?: string;
  readonly tool_call_id?: string;
  readonly content?: unknown;
}

export interface ChatCompletionsStandIn {
  readonly baseUrl: string;
  script(call: ScriptedToolCall): void;
  /** Resolves with the result of the scripted call, once Copilot sends it. */
  nextToolOutput(): Promise<ToolOutput>;
  close(): Promise<void>;
}

const textOf = (content: unknown) => (typeof content === 'string' ? content : JSON.stringify(content));

export async function startChatCompletionsStandIn(): Promise<ChatCompletionsStandIn> {
  let pending: ScriptedToolCall | undefined;
  let count = 0;
  const seen = new Set<string>();
  const arrivals = new Arrivals<ToolOutput>();

  const server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      if (req.method !== 'POST' || !req.url?.endsWith('/chat/completions')) {
        res.writeHead(404, { 'content-type': 'application/json' }).end('{}');
        return;
      }
      const request = JSON.parse(body || '{}') as { model?: string; messages?: Message[]; tools?: unknown[] };
      const results = (request.messages ?? []).filter((message) => message.role === 'tool');
      const fresh = results.find((message) => message.tool_call_id && !seen.has(message.tool_call_id));
      const id = `chatcmpl_${++count}`;
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      const send = (delta: object, finish: string | null) =>
        res.write(
          `data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created: 1, model: request.model, choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`,
        );
      if (fresh?.tool_call_id) {
        seen.add(fresh.tool_call_id);
        arrivals.push({ callId: fresh.tool_call_id, output: textOf(fresh.content) });
      }
      // Copilot's helper requests (naming the session) carry no tools: only the agent's turn gets the call.
      if (!fresh && pending && request.tools?.length) {
        const call = pending;
        pending = undefined;
        send(
          {
            role: 'assistant',
            content: null,
            tool_calls: [
              {
                index: 0,
                id: `call_${count}`,
                type: 'function',
                function: { name: call.name, arguments: JSON.stringify(call.args) },
              },
            ],
          },
          null,
        );
        send({}, 'tool_calls');
      } else {
        send({ role: 'assistant', content: 'Done.' }, null);
        send({}, 'stop');
      }
      res.write(
        `data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created: 1, model: request.model, choices: [], usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 } })}\n\n`,
      );
      res.end('data: [DONE]\n\n');
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
