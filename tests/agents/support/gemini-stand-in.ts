/**
 * A local stand-in for the Gemini API (`POST /v1beta/models/<model>:streamGenerateContent?alt=sse` and
 * `:generateContent`), enough for Gemini CLI to run a turn offline: the main conversation (a request that
 * offers tools) gets the scripted call once, and the `functionResponse` Gemini CLI sends back is kept for
 * the test to read; every other request (its model router, its checks) gets a short text.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Arrivals } from './arrivals';

export interface ScriptedFunctionCall {
  readonly name: string;
  readonly args: Record<string, unknown>;
}
export interface FunctionResponse {
  readonly name: string;
  readonly response: Record<string, unknown>;
}

interface Part {
  readonly text?: string;
  readonly functionResponse?: { id?: string; name?: string; response?: Record<string, unknown> };
}
interface Schema {
  readonly type?: string;
  readonly enum?: readonly string[];
  readonly properties?: Record<string, Schema>;
  readonly items?: Schema;
}
interface GenerateRequest {
  readonly contents?: { role?: string; parts?: Part[] }[];
  readonly tools?: unknown[];
  readonly generationConfig?: { responseJsonSchema?: Schema; responseSchema?: Schema };
}

/**
 * The smallest value a JSON schema accepts, enums by their first choice: Gemini CLI's router then scores a
 * prompt simple and its next-speaker check hands the turn to the user ("user" comes first), and neither retries.
 */
function sample(schema: Schema): unknown {
  if (schema.enum?.length) return schema.enum[0];
  switch (schema.type?.toLowerCase()) {
    case 'object':
      return Object.fromEntries(
        Object.entries(schema.properties ?? {}).map(([key, value]) => [key, sample(value)]),
      );
    case 'array':
      return [];
    case 'integer':
    case 'number':
      return 1;
    case 'boolean':
      return false;
    default:
      return 'simple';
  }
}

export interface GeminiStandIn {
  readonly baseUrl: string;
  readonly apiKey: string;
  /** The call the model makes in the next turn. */
  script(call: ScriptedFunctionCall): void;
  /** Resolves with the next function response not yet taken, waiting for Gemini CLI to send it. */
  nextFunctionResponse(): Promise<FunctionResponse>;
  readonly functionResponses: readonly FunctionResponse[];
  /** When the scripted call went out (Date.now()), once it has. */
  readonly calledAt: () => number | undefined;
  close(): Promise<void>;
}

export async function startGeminiStandIn(): Promise<GeminiStandIn> {
  let pending: ScriptedFunctionCall | undefined;
  let count = 0;
  let calledAt: number | undefined;
  const functionResponses: FunctionResponse[] = [];
  const arrivals = new Arrivals<FunctionResponse>();

  const server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      const stream = req.url?.includes(':streamGenerateContent') ?? false;
      if (req.method !== 'POST' || !(stream || req.url?.includes(':generateContent'))) {
        // countTokens and the like: an empty answer is enough for the CLI to go on.
        res.writeHead(req.url?.includes(':countTokens') ? 200 : 404, { 'content-type': 'application/json' });
        res.end(req.url?.includes(':countTokens') ? '{"totalTokens":1}' : '{}');
        return;
      }
      const request = JSON.parse(body || '{}') as GenerateRequest;
      // The conversation so far comes back whole each time: the responses past those already kept are new.
      const replies = (request.contents ?? [])
        .flatMap((content) => content.parts ?? [])
        .flatMap((part) => (part.functionResponse ? [part.functionResponse] : []));
      const fresh = replies[functionResponses.length];
      const schema = request.generationConfig?.responseJsonSchema ?? request.generationConfig?.responseSchema;
      let part: object = { text: schema ? JSON.stringify(sample(schema)) : 'Done.' };
      if (fresh && (request.tools?.length ?? 0) > 0) {
        const response = { name: fresh.name ?? '', response: fresh.response ?? {} };
        functionResponses.push(response);
        arrivals.push(response);
      } else if (pending && (request.tools?.length ?? 0) > 0) {
        const call = pending;
        pending = undefined;
        calledAt = Date.now();
        part = { functionCall: { id: `call_${++count}`, name: call.name, args: call.args } };
      }
      const answer = {
        candidates: [{ content: { role: 'model', parts: [part] }, finishReason: 'STOP', index: 0 }],
        usageMetadata: { promptTokenCount: 1, candidatesTokenCount: 1, totalTokenCount: 2 },
        modelVersion: 'gemini-stand-in',
      };
      if (stream) {
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        res.end(`data: ${JSON.stringify(answer)}\r\n\r\n`);
      } else {
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
      }
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    apiKey: 'gemini-stand-in-key',
    script: (call) => {
      pending = call;
    },
    nextFunctionResponse: () => arrivals.next(),
    functionResponses,
    calledAt: () => calledAt,
    close: () =>
      new Promise((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}
