import { mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { connectBridge } from '../../client/sdk/bridge-client';
import type { ConsoleServerFrame } from '../../common/console-contract';
import { makeTempDir } from '../support/temp-dir';
import { rawUpgrade } from '../support/raw-upgrade';
import { helloFor, nonceHeader, openAgentSocket } from '../support/bridge-agent';
import { bridgeProof } from '../../common/bridge-proof';
import { linkCode } from '../support/web-console-url';
import { memoryKeychain, startTestCore } from '../support/test-core';
import type { ConsoleCore } from '../../main/core/console-core';

let home: Awaited<ReturnType<typeof makeTempDir>>;
let core: ConsoleCore;
let bridgeToken: string;

beforeEach(async () => {
  home = await makeTempDir();
  core = await startTestCore({
    home: join(home.path, 'gh'),
    userHome: join(home.path, 'user'),
    port: 0,
    timeoutMs: 60_000,
    timeoutAction: 'passthrough',
  });
  bridgeToken = JSON.parse(await readFile(core.discoveryPath, 'utf8')).token;
});

afterEach(async () => {
  await core.close();
  await home.remove();
});

const endpoint = () => ({
  url: `ws://127.0.0.1:${core.port}/bridge`,
  token: bridgeToken,
  source: 'environment' as const,
});
const call = (id: string) => ({
  id,
  sessionId: 's1',
  cwd: '/p',
  tool: 'Bash',
  input: { command: 'ls' },
  mode: 'default' as const,
});

function openConsole(
  code: string,
): Promise<{ socket: WebSocket; frames: ConsoleServerFrame[]; closed: Promise<number> }> {
  const socket = new WebSocket(`ws://127.0.0.1:${core.port}/console`, {
    origin: `http://127.0.0.1:${core.port}`,
  });
  const frames: ConsoleServerFrame[] = [];
  const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
  socket.on('message', (data) => frames.push(JSON.parse(data.toString())));
  return new Promise((resolve, reject) => {
    socket.on('open', () => {
      socket.send(JSON.stringify({ type: 'auth', code }));
      resolve({ socket, frames, closed });
    });
    socket.on('error', reject);
  });
}

async function until<T>(probe: () => T | undefined): Promise<T> {
  for (;;) {
    const value = probe();
    if (value !== undefined) return value;
    await new Promise((r) => setTimeout(r, 5));
  }
}

describe('the console core', () => {
  it('announces itself in a 0600 bridge.json inside a 0700 folder, and removes it on close', async () => {
    const file = JSON.parse(await readFile(core.discoveryPath, 'utf8'));
    expect(file).toEqual({ protocol: 2, port: core.port, pid: process.pid, token: expect.any(String) });
    expect((await stat(core.discoveryPath)).mode & 0o777).toBe(0o600);
    expect((await stat(join(home.path, 'gh'))).mode & 0o777).toBe(0o700);
    await core.close();
    await expect(stat(core.discoveryPath)).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it.each([
    ['no nonce', (port: number) => ({ Host: `127.0.0.1:${port}` }), 401],
    [
      'the bearer token of protocol 1',
      (port: number) => ({ Host: `127.0.0.1:${port}`, Authorization: `Bearer ${bridgeToken}` }),
      401,
    ],
    [
      'a browser Origin',
      (port: number) => ({ Host: `127.0.0.1:${port}`, ...nonceHeader(), Origin: 'https://evil.example' }),
      403,
    ],
    ['a foreign Host', () => ({ Host: 'evil.example', ...nonceHeader() }), 403],
  ])('refuses an agent with %s at the upgrade', async (_name, headers, status) => {
    const result = await rawUpgrade(core.port, '/bridge', headers(core.port));
    expect(result.status).toBe(status);
  });

  it('refuses the token in the query string even when the nonce is right', async () => {
    const result = await rawUpgrade(core.port, `/bridge?token=${bridgeToken}`, {
      Host: `127.0.0.1:${core.port}`,
      ...nonceHeader(),
    });
    expect(result.status).toBe(400);
  });

  it('carries a request from an agent to the console and the decision back', async () => {
    const agent = await connectBridge(endpoint(), { agent: { name: 'sdk-test' } });
    const decision = agent.requestPermission(call('req-1'));
    const console = await openConsole(linkCode(core.webLink()));
    const added = await until(() =>
      console.frames.find((f) => f.type === 'ready')
        ? core.service.handlers['queue:list']({}, { id: 'test', channel: 'web' })
        : undefined,
    );
    await until(() => (added.ok && core.registry.pending().length === 1 ? true : undefined));
    console.socket.send(
      JSON.stringify({
        type: 'invoke',
        seq: 7,
        channel: 'queue:decide',
        args: { id: 'req-1', behavior: 'deny', message: 'no' },
      }),
    );
    await expect(decision).resolves.toMatchObject({
      id: 'req-1',
      behavior: 'deny',
      by: 'console',
      message: 'no',
    });
    const result = await until(() => console.frames.find((f) => f.type === 'result' && f.seq === 7));
    expect(result).toMatchObject({ result: { ok: true, value: { won: true } } });
    expect(console.frames).toContainEqual(
      expect.objectContaining({
        type: 'event',
        payload: expect.objectContaining({ kind: 'resolved', id: 'req-1', by: 'console' }),
      }),
    );
    agent.close();
    console.socket.close();
  });

  it('answers a bad frame with an error and keeps serving the same connection', async () => {
    const { socket, proof } = await openAgentSocket(`ws://127.0.0.1:${core.port}/bridge`, bridgeToken);
    const replies: Array<{ type: string; code?: string; message?: string }> = [];
    const welcomed = new Promise((r) => socket.once('message', r));
    socket.send(JSON.stringify(helloFor(proof)));
    await welcomed;
    socket.on('message', (d) => replies.push(JSON.parse(d.toString())));
    socket.send('{not json');
    socket.send(JSON.stringify({ type: 'permission.request', id: 'x' }));
    socket.send(JSON.stringify({ type: 'permission.request', ...call('good') }));
    await until(() => (core.registry.has('good') && replies.length === 2 ? true : undefined));
    expect(replies).toEqual([
      expect.objectContaining({ type: 'error', code: 'bad-json' }),
      expect.objectContaining({ type: 'error', code: 'bad-message', id: 'x' }),
    ]);
    expect(replies[1]?.message).toMatch(/sessionId/);
    socket.close();
  });

  it('gives the web console nothing until it authenticates, and closes it on a wrong code', async () => {
    const wrong = await openConsole('not-a-console-code');
    expect(await wrong.closed).toBe(4401);
    expect(wrong.frames).toEqual([]);
  });

  it('does not accept the bridge token as a console code', async () => {
    const agentToken = await openConsole(bridgeToken);
    expect(await agentToken.closed).toBe(4401);
  });

  it('refuses the console channel to a page of another origin', async () => {
    const result = await rawUpgrade(core.port, '/console', {
      Host: `127.0.0.1:${core.port}`,
      Origin: 'https://evil.example',
    });
    expect(result.status).toBe(403);
  });
});

describe('origins allowed in settings.json', () => {
  it('admits an origin listed in <home>/settings.json and still refuses others', async () => {
    const dir = await makeTempDir();
    const gh = join(dir.path, 'gh');
    await mkdir(gh, { recursive: true });
    await writeFile(
      join(gh, 'settings.json'),
      JSON.stringify({ bridge: { allowedOrigins: ['vscode-webview://trusted'] } }),
    );
    const withSettings = await startTestCore({
      home: gh,
      port: 0,
      timeoutMs: 60_000,
      timeoutAction: 'passthrough',
    });
    const headers = { Host: `127.0.0.1:${withSettings.port}`, ...nonceHeader() };
    expect(
      (await rawUpgrade(withSettings.port, '/bridge', { ...headers, Origin: 'vscode-webview://trusted' }))
        .status,
    ).toBe(101);
    expect(
      (await rawUpgrade(withSettings.port, '/bridge', { ...headers, Origin: 'https://evil.example' })).status,
    ).toBe(403);
    expect(withSettings.warnings.filter((w) => w.fallback.includes('settings.json'))).toEqual([]);
    await withSettings.close();
    await dir.remove();
  });

  it('starts with the defaults and a warning when settings.json is broken', async () => {
    const dir = await makeTempDir();
    await writeFile(join(dir.path, 'settings.json'), '{ "bridge": ');
    const broken = await startTestCore({
      home: dir.path,
      port: 0,
      timeoutMs: 60_000,
      timeoutAction: 'passthrough',
    });
    expect(broken.warnings).toContainEqual({
      code: 'settings-not-json',
      path: join(dir.path, 'settings.json'),
      problem: { code: 'settings.notJson', params: { detail: { text: 'Unexpected end of JSON input' } } },
      fallback: expect.stringMatching(/settings\.json is not valid JSON/),
    });
    await broken.close();
    await dir.remove();
  });
});

describe('answers with more than allow and deny', () => {
  it('a timed grant answers the next matching request of the session before anyone sees it', async () => {
    const agent = await connectBridge(endpoint(), { agent: { name: 'claude-code' } });
    const first = agent.requestPermission({ ...call('g1'), input: { command: 'npm run lint' } });
    // The card shows at once; its explanation follows as soon as the engine has looked at it.
    await until(() => core.registry.pending()[0]?.explanation);
    expect(core.registry.pending()[0]?.explanation).toMatchObject({
      behavior: 'ask',
      risk: expect.any(String),
    });
    const caller = { id: 'window:1', channel: 'window' } as const;
    const granted = await core.service.handlers['queue:decide'](
      { id: 'g1', behavior: 'allow', grant: { duration: '5m', rule: 'Bash(npm run lint:*)' } },
      caller,
    );
    expect(granted).toEqual({ ok: true, value: { won: true } });
    await expect(first).resolves.toMatchObject({ behavior: 'allow', by: 'console' });
    const seen: string[] = [];
    core.registry.added.subscribe((view) => seen.push(view.id));
    await expect(
      agent.requestPermission({ ...call('g2'), input: { command: 'npm run lint -- --fix' } }),
    ).resolves.toMatchObject({
      behavior: 'allow',
      by: 'grant',
    });
    expect(seen).toEqual([]);
    const grants = await core.service.handlers['grants:list']({}, caller);
    expect(grants).toMatchObject({
      ok: true,
      value: [{ rule: 'Bash(npm run lint:*)', uses: 1, duration: '5m' }],
    });
    agent.close();
  });

  it('carries an edited input, a deny-and-stop and its message to the agent', async () => {
    const agent = await connectBridge(endpoint(), { agent: { name: 'claude-code' } });
    const caller = { id: 'web:1', channel: 'web' } as const;
    const edited = agent.requestPermission(call('e1'));
    const stopped = agent.requestPermission(call('e2'));
    await until(() => (core.registry.pending().length === 2 ? true : undefined));
    await core.service.handlers['queue:decide'](
      { id: 'e1', behavior: 'allow', updatedInput: { command: 'ls -la' } },
      caller,
    );
    await core.service.handlers['queue:decide'](
      { id: 'e2', behavior: 'deny', message: 'Stop and ask me.', interrupt: true },
      caller,
    );
    await expect(edited).resolves.toMatchObject({ behavior: 'allow', updatedInput: { command: 'ls -la' } });
    await expect(stopped).resolves.toMatchObject({
      behavior: 'deny',
      message: 'Stop and ask me.',
      interrupt: true,
    });
    agent.close();
  });

  it('refuses a grant whose rule does not parse, and leaves the request waiting', async () => {
    const agent = await connectBridge(endpoint(), { agent: { name: 'claude-code' } });
    void agent.requestPermission(call('bad-grant')).catch(() => undefined);
    await until(() => (core.registry.pending().length === 1 ? true : undefined));
    const result = await core.service.handlers['queue:decide'](
      { id: 'bad-grant', behavior: 'allow', grant: { duration: '1h', rule: 'Bash(' } },
      { id: 'web:1', channel: 'web' },
    );
    expect(result).toMatchObject({ ok: false, error: { code: 'bad-rule' } });
    expect(core.registry.pending()).toHaveLength(1);
    agent.close();
  });
});

describe('a request that brings its own options (ACP)', () => {
  const options = [
    { optionId: 'always', name: 'Always Allow', kind: 'allow_always' as const },
    { optionId: 'reject', name: 'Reject', kind: 'reject_once' as const },
  ];

  it('shows them on the card and carries the one chosen to the agent', async () => {
    const agent = await connectBridge(endpoint(), { agent: { name: 'tiny-acp-agent' } });
    const asked = agent.requestPermission({ ...call('o1'), options });
    await until(() => core.registry.pending()[0]);
    expect(core.registry.pending()[0]).toMatchObject({ options });
    const result = await core.service.handlers['queue:decide'](
      { id: 'o1', behavior: 'allow', optionId: 'always' },
      { id: 'web:1', channel: 'web' },
    );
    expect(result).toEqual({ ok: true, value: { won: true } });
    await expect(asked).resolves.toMatchObject({ behavior: 'allow', optionId: 'always', by: 'console' });
    agent.close();
  });

  it('refuses an answer the agent did not offer, and leaves the request waiting', async () => {
    const agent = await connectBridge(endpoint(), { agent: { name: 'tiny-acp-agent' } });
    void agent.requestPermission({ ...call('o2'), options }).catch(() => undefined);
    await until(() => core.registry.pending()[0]);
    const caller = { id: 'web:1', channel: 'web' } as const;
    const decide = core.service.handlers['queue:decide'];
    // No allow-once option, an option of the other behavior, one never offered, an edited call.
    for (const args of [
      { id: 'o2', behavior: 'allow' as const },
      { id: 'o2', behavior: 'allow' as const, optionId: 'reject' },
      { id: 'o2', behavior: 'deny' as const, optionId: 'always' },
      { id: 'o2', behavior: 'allow' as const, optionId: 'elsewhere' },
      { id: 'o2', behavior: 'allow' as const, updatedInput: { command: 'ls -la' } },
    ])
      expect(await decide(args, caller)).toMatchObject({ ok: false, error: { code: 'bad-option' } });
    expect(core.registry.pending()).toHaveLength(1);
    agent.close();
  });
});

describe('a Codex request', () => {
  it('refuses what Codex fails closed on, leaves the request waiting, and takes a plain answer', async () => {
    const agent = await connectBridge(endpoint(), { agent: { name: 'codex' } });
    const asked = agent.requestPermission(call('x1'));
    await until(() => core.registry.pending()[0]);
    const caller = { id: 'web:1', channel: 'web' } as const;
    const decide = core.service.handlers['queue:decide'];
    const rule = { type: 'addRules' as const, rules: [{ toolName: 'Bash' }], behavior: 'allow' as const };
    for (const args of [
      { id: 'x1', behavior: 'allow' as const, updatedInput: { command: 'ls -la' } },
      {
        id: 'x1',
        behavior: 'allow' as const,
        updatedPermissions: [{ ...rule, destination: 'userSettings' as const }],
      },
      { id: 'x1', behavior: 'deny' as const, interrupt: true },
    ])
      expect(await decide(args, caller)).toMatchObject({
        ok: false,
        error: { code: 'bad-option', message: expect.stringMatching(/^codex cannot take/) },
      });
    expect(core.registry.pending()).toHaveLength(1);
    expect(await decide({ id: 'x1', behavior: 'deny', message: 'Not here.' }, caller)).toEqual({
      ok: true,
      value: { won: true },
    });
    await expect(asked).resolves.toMatchObject({ behavior: 'deny', message: 'Not here.', by: 'console' });
    agent.close();
  });

  it('records a part Codex cannot take, from any racer, as the question left with Codex', async () => {
    const agent = await connectBridge(endpoint(), { agent: { name: 'codex' } });
    const asked = agent.requestPermission(call('x2'));
    await until(() => core.registry.pending()[0]);
    core.registry.decide('x2', 'tray', { behavior: 'deny', interrupt: true });
    await expect(asked).resolves.toMatchObject({ behavior: 'passthrough', by: 'tray' });
    agent.close();
  });
});

describe('views', () => {
  it('has no window to bring forward headless, or for a web tab: the caller switches in place', async () => {
    for (const channel of ['web', 'window'] as const) {
      expect(
        await core.service.handlers['console:show-view']({ view: 'rules' }, { id: 'c', channel }),
      ).toEqual({
        ok: true,
        value: { shown: false },
      });
    }
  });
});

describe('across a console restart', () => {
  it('replays the recorded decision to a re-sent request instead of asking again', async () => {
    const dir = await makeTempDir();
    const options = {
      home: join(dir.path, 'gh'),
      userHome: dir.path,
      port: 0,
      timeoutMs: 60_000,
      timeoutAction: 'passthrough' as const,
      // One keychain across the restart, as the OS keeps one.
      keychain: memoryKeychain(),
    };
    const first = await startTestCore(options);
    const firstToken = JSON.parse(await readFile(first.discoveryPath, 'utf8')).token;
    const agent = await connectBridge(
      { url: `ws://127.0.0.1:${first.port}/bridge`, token: firstToken, source: 'environment' },
      { agent: { name: 'sdk' } },
    );
    const answered = agent.requestPermission(call('survives'));
    await until(() => (first.registry.has('survives') ? true : undefined));
    first.registry.decide('survives', 'console', { behavior: 'deny', message: 'not today' });
    await answered;
    agent.close();
    await first.close();

    const second = await startTestCore(options);
    const secondToken = JSON.parse(await readFile(second.discoveryPath, 'utf8')).token;
    expect(secondToken).toBe(firstToken);
    const added: string[] = [];
    second.registry.added.subscribe((view) => added.push(view.id));
    const again = await connectBridge(
      { url: `ws://127.0.0.1:${second.port}/bridge`, token: secondToken, source: 'environment' },
      { agent: { name: 'sdk' } },
    );
    await expect(again.requestPermission(call('survives'))).resolves.toMatchObject({
      behavior: 'deny',
      by: 'console',
      message: 'not today',
    });
    expect(added).toEqual([]);
    again.close();
    await second.close();
    await dir.remove();
  });
});

describe('rotating the bridge token', () => {
  it('proves the new token from bridge.json at the upgrade, not the old one, and keeps connected agents', async () => {
    const connected = await connectBridge(endpoint(), { agent: { name: 'sdk' } });
    const old = bridgeToken;
    const status = await core.service.handlers['console:rotate-token']({}, { id: 'web:1', channel: 'web' });
    expect(status).toMatchObject({ ok: true, value: { version: expect.any(String) } });
    const fresh = JSON.parse(await readFile(core.discoveryPath, 'utf8')).token as string;
    expect(fresh).not.toBe(old);
    expect((await stat(core.discoveryPath)).mode & 0o777).toBe(0o600);
    const nonce = nonceHeader();
    const answer = await rawUpgrade(core.port, '/bridge', { Host: `127.0.0.1:${core.port}`, ...nonce });
    expect(answer.status).toBe(101);
    const proof = bridgeProof(fresh, nonce['gatehouse-nonce'], 'gatehouse-server', core.port);
    expect(answer.headers['gatehouse-proof']).toBe(proof);
    expect(answer.headers['gatehouse-proof']).not.toBe(
      bridgeProof(old, nonce['gatehouse-nonce'], 'gatehouse-server', core.port),
    );
    const decision = connected.requestPermission(call('after-rotation'));
    await until(() => (core.registry.has('after-rotation') ? true : undefined));
    core.registry.decide('after-rotation', 'console', { behavior: 'allow' });
    await expect(decision).resolves.toMatchObject({ behavior: 'allow' });
    connected.close();
  });
});

describe('a console started again on its home', () => {
  const restart = () =>
    startTestCore({
      home: join(home.path, 'gh'),
      userHome: join(home.path, 'user'),
      port: 'remembered',
      timeoutMs: 60_000,
      timeoutAction: 'passthrough',
    });

  it('listens where it did last time, and says so when another program took that port', async () => {
    const port = core.port;
    await core.close();
    core = await restart();
    expect(core.port).toBe(port);
    expect(core.warnings).toEqual([]);

    await core.close();
    const squatter = createServer();
    await new Promise<void>((listening) => squatter.listen(port, '127.0.0.1', listening));
    try {
      core = await restart();
      expect(core.port).not.toBe(port);
      expect(core.warnings).toEqual([
        expect.objectContaining({ code: 'port-moved', from: String(port), to: String(core.port) }),
      ]);
    } finally {
      await new Promise((closed) => squatter.close(closed));
    }
  });
});
