import { describe, expect, it } from 'vitest';
import { AcpRouter } from './router';

const line = (message: object) => Buffer.from(`${JSON.stringify(message)}\n`);
const rpc = (message: object) => line({ jsonrpc: '2.0', ...message });
const permission = (id: number | string, sessionId = 'sess-1') =>
  rpc({
    id,
    method: 'session/request_permission',
    params: {
      sessionId,
      toolCall: { toolCallId: 'tc', title: 'ls' },
      options: [{ optionId: 'a', name: 'Allow', kind: 'allow_once' }],
    },
  });

describe('AcpRouter', () => {
  it('routes answers by direction: the editor’s id 0 and the agent’s id 0 are different requests', () => {
    const router = new AcpRouter();
    expect(router.fromEditor(rpc({ id: 0, method: 'initialize', params: { protocolVersion: 1 } }))).toEqual({
      kind: 'other',
    });
    expect(router.fromAgent(permission(0))).toMatchObject({ kind: 'permission-request', id: 0 });
    // The agent's answer to initialize is not the editor's answer to the permission request.
    router.fromAgent(
      rpc({ id: 0, result: { protocolVersion: 1, agentInfo: { name: 'claude-agent-acp', version: '1' } } }),
    );
    expect(router.agentName).toBe('claude-agent-acp');
    expect(router.fromEditor(rpc({ id: 0, result: { outcome: { outcome: 'cancelled' } } }))).toEqual({
      kind: 'permission-answer',
      key: 'n0',
      outcome: { outcome: 'cancelled' },
    });
    // A second answer to the same request is known for one, result or error, until the agent asks again.
    expect(router.fromEditor(rpc({ id: 0, result: { outcome: { outcome: 'cancelled' } } }))).toEqual({
      kind: 'permission-answer-again',
      key: 'n0',
    });
    expect(router.fromEditor(rpc({ id: 0, error: { code: -32800, message: 'Request cancelled' } }))).toEqual({
      kind: 'permission-answer-again',
      key: 'n0',
    });
    router.fromAgent(permission(0));
    expect(
      router.fromEditor(rpc({ id: 0, result: { outcome: { outcome: 'selected', optionId: 'allow' } } })),
    ).toEqual({ kind: 'permission-answer', key: 'n0', outcome: { outcome: 'selected', optionId: 'allow' } });
  });

  it('reads no outcome from an answer that does not say one as ACP does', () => {
    const router = new AcpRouter();
    router.fromAgent(permission(1));
    expect(router.fromEditor(rpc({ id: 1, result: { outcome: { outcome: 'approved' } } }))).toEqual({
      kind: 'permission-answer',
      key: 'n1',
    });
  });

  it('tells a numeric id from the same digits as a string', () => {
    const router = new AcpRouter();
    router.fromAgent(permission('7'));
    expect(router.fromEditor(rpc({ id: 7, result: {} }))).toEqual({ kind: 'other' });
    expect(router.fromEditor(rpc({ id: '7', error: { code: -1, message: 'no' } }))).toEqual({
      kind: 'permission-answer',
      key: 's7',
    });
  });

  it('learns each session’s folder from session/new and its answer, and from session/load', () => {
    const router = new AcpRouter();
    router.fromEditor(rpc({ id: 1, method: 'session/new', params: { cwd: '/work/shop', mcpServers: [] } }));
    router.fromAgent(rpc({ id: 1, result: { sessionId: 'sess-1' } }));
    router.fromEditor(
      rpc({ id: 2, method: 'session/load', params: { sessionId: 'old', cwd: '/work/old', mcpServers: [] } }),
    );
    expect(router.cwdOf('sess-1')).toBe('/work/shop');
    expect(router.cwdOf('old')).toBe('/work/old');
    expect(router.fromAgent(permission(5, 'sess-1'))).toMatchObject({ cwd: '/work/shop' });
  });

  it('reports a cancelled turn', () => {
    const router = new AcpRouter();
    expect(router.fromEditor(rpc({ method: 'session/cancel', params: { sessionId: 'sess-1' } }))).toEqual({
      kind: 'cancel',
      sessionId: 'sess-1',
    });
  });

  it('says what is wrong with a malformed line, and ignores blank ones', () => {
    const router = new AcpRouter();
    expect(router.fromEditor(Buffer.from('hello\n'))).toEqual({
      kind: 'malformed',
      reason: 'a line that is not a JSON object',
    });
    expect(router.fromAgent(Buffer.from('{"session/request_permission" oops}\n'))).toEqual({
      kind: 'malformed',
      reason: 'a line that is not valid JSON',
    });
    expect(
      router.fromAgent(rpc({ id: 3, method: 'session/request_permission', params: { sessionId: 's' } })),
    ).toEqual({
      kind: 'malformed',
      reason: 'a session/request_permission that does not match ACP at "toolCall"',
    });
    expect(router.fromAgent(Buffer.from(' \r\n'))).toEqual({ kind: 'other' });
  });

  it('does not read lines that cannot concern it', () => {
    const router = new AcpRouter();
    // Braced but not JSON: no marker, nothing pending, so it is never parsed.
    expect(router.fromAgent(Buffer.from('{not json but not ours}\n'))).toEqual({ kind: 'other' });
  });
});
