/**
 * The model judge against a stand-in of an OpenAI-compatible chat-completions API on 127.0.0.1: what it
 * sends, and that a slow, failing or malformed answer never becomes an allow.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ClassifierSettingsSchema } from '../../common/classifier-contract';
import type { AgentInfo, PermissionRequest } from '../../common/protocol';
import { createPermissionContext } from '../../engine';
import { loadInstalledBashSupport } from '../../engine/node';
import { makeTempDir } from '../../tests/support/temp-dir';
import { memoryKeychain } from '../../tests/support/test-core';
import { startClassifier } from './classifier-room';
import { createLlmJudge, verdictOf } from './llm-judge';

type Handler = (body: Record<string, unknown>, request: IncomingMessage, response: ServerResponse) => void;

let handler: Handler;
let seen: Array<{ body: Record<string, unknown>; authorization: string | undefined; path: string }>;
let server: ReturnType<typeof createServer>;
let root: string;

beforeEach(async () => {
  seen = [];
  server = createServer((request, response) => {
    let text = '';
    request.on('data', (chunk: Buffer) => (text += chunk.toString()));
    request.on('end', () => {
      const body = JSON.parse(text) as Record<string, unknown>;
      seen.push({ body, authorization: request.headers.authorization, path: request.url ?? '' });
      handler(body, request, response);
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  root = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});
afterEach(async () => {
  server.closeAllConnections();
  await new Promise((done) => server.close(done));
});

const completion = (content: string) =>
  JSON.stringify({ choices: [{ message: { role: 'assistant', content } }] });
const answer =
  (status: number, body: string): Handler =>
  (_body, _request, response) => {
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(body);
  };
const classifyRequest = {
  call: { toolName: 'Bash', input: { command: 'ls' } },
  cwd: '/p',
  home: '/h',
  workingDirectories: ['/p'],
  risk: 'read-only' as const,
};

describe('the model judge', () => {
  it('asks chat completions for a strict JSON verdict, with the key as a bearer token', async () => {
    handler = answer(200, completion('{"verdict":"allow","confidence":0.93,"reason":"Lists a folder."}'));
    const judge = createLlmJudge({ endpoint: `${root}/`, model: 'qwen3-4b', apiKey: async () => 'sk-local' });
    expect(await judge.classify(classifyRequest)).toEqual({
      verdict: 'allow',
      confidence: 0.93,
      reason: 'Lists a folder.',
    });
    expect(seen[0]).toMatchObject({ path: '/v1/chat/completions', authorization: 'Bearer sk-local' });
    expect(seen[0]!.body).toMatchObject({
      model: 'qwen3-4b',
      temperature: 0,
      response_format: { type: 'json_object' },
    });
    const user = (seen[0]!.body.messages as Array<{ role: string; content: string }>)[1]!;
    expect(JSON.parse(user.content)).toMatchObject({
      tool: 'Bash',
      input: { command: 'ls' },
      engineRisk: 'read-only',
    });
  });

  it.each([
    ['prose', completion('Sure! It is safe.')],
    ['JSON in a fence', completion('```json\n{"verdict":"allow","confidence":1,"reason":"x"}\n```')],
    ['a verdict out of range', completion('{"verdict":"allow","confidence":7,"reason":"x"}')],
    ['an unknown verdict', completion('{"verdict":"yes","confidence":1,"reason":"x"}')],
    ['extra keys', completion('{"verdict":"allow","confidence":1,"reason":"x","also":"rm -rf"}')],
    ['no choices', '{"choices":[]}'],
    ['not JSON at all', '<html>502</html>'],
  ])('rejects %s', (_name, body) => {
    expect(() => verdictOf(body)).toThrow(/JSON verdict|chat completions/);
  });

  it('rejects an HTTP error', async () => {
    handler = answer(500, '{"error":"overloaded"}');
    const judge = createLlmJudge({ endpoint: root, model: 'm', apiKey: async () => undefined });
    await expect(judge.classify(classifyRequest)).rejects.toThrow(/HTTP 500/);
    expect(seen[0]!.authorization).toBeUndefined();
  });
});

describe('the classifier with a model judge on the coordinator path', () => {
  const agent: AgentInfo = { name: 'codex' };
  const request: PermissionRequest = {
    type: 'permission.request',
    id: 'r1',
    sessionId: 's',
    cwd: '/home/ana/shop',
    tool: 'Bash',
    input: { command: 'ls src' },
    mode: 'default',
  };
  const explained = {
    explanation: {
      behavior: 'ask' as const,
      step: '3',
      reason: { type: 'default' as const, message: 'No rule matched.' },
      nearMisses: [],
      risk: 'read-only' as const,
      needsSecondLook: false,
      suggestedRules: [],
    },
    context: createPermissionContext({ cwd: '/home/ana/shop', home: '/home/ana', mode: 'default' }),
  };

  async function classifierWith(home: string) {
    const room = startClassifier({
      home,
      userHome: '/home/ana',
      bash: await loadInstalledBashSupport(),
      settings: ClassifierSettingsSchema.parse({
        classes: ['read-only-commands'],
        budgetMs: 200,
        judge: { kind: 'llm', endpoint: root, model: 'local' },
      }),
      secrets: { keychain: memoryKeychain() },
    });
    return room;
  }

  it('allows on a sure model verdict, and reads the key it keeps', async () => {
    const home = await makeTempDir();
    try {
      handler = answer(200, completion('{"verdict":"allow","confidence":0.97,"reason":"Lists src."}'));
      const room = await classifierWith(home.path);
      expect(await room.setKey('sk-kept')).toBe('keychain');
      expect(await room.check(request, agent, explained)).toMatchObject({
        answer: {
          racer: 'classifier',
          answer: { behavior: 'allow' },
          channel: 'classifier:read-only-commands',
        },
      });
      expect(seen[0]!.authorization).toBe('Bearer sk-kept');
    } finally {
      await home.remove();
    }
  });

  it.each([
    [
      'slow',
      'timeout',
      ((_body, _request, response) =>
        setTimeout(
          () =>
            answer(200, completion('{"verdict":"allow","confidence":1,"reason":"x"}'))(
              _body,
              _request,
              response,
            ),
          1_500,
        )) as Handler,
    ],
    ['erroring', 'error', answer(503, 'busy')],
    ['malformed', 'error', answer(200, completion('allow'))],
    [
      'unsure',
      'unsure',
      answer(200, completion('{"verdict":"unsure","confidence":0.4,"reason":"Cannot tell."}')),
    ],
  ] as const)('leaves a %s answer to a person (%s)', async (_name, hold, respond) => {
    const home = await makeTempDir();
    try {
      handler = respond;
      const room = await classifierWith(home.path);
      const screened = await room.check(request, agent, explained);
      expect(screened?.answer).toBeUndefined();
      expect(screened?.explanation?.classifier).toMatchObject({ hold, looks: 'read-only-commands' });
    } finally {
      await home.remove();
    }
  });
});
