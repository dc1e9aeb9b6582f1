import { describe, expect, it } from 'vitest';
import { parseAgentMessage, parseConsoleMessage } from './protocol';

const request = {
  type: 'permission.request',
  id: 'r1',
  sessionId: 's',
  cwd: '/p',
  tool: 'Bash',
  input: { command: 'ls' },
};

describe('parseAgentMessage', () => {
  it('accepts a request and fills the default mode', () => {
    expect(parseAgentMessage(JSON.stringify(request))).toEqual({
      ok: true,
      value: { ...request, mode: 'default' },
    });
  });

  it.each([
    ['not JSON', '{', 'bad-json', /not valid JSON/],
    ['JSON that is not an object', '42', 'bad-message', /top level/],
    ['an unknown type', '{"type":"permission.grant"}', 'bad-message', /"type"/],
    ['a request without a tool', JSON.stringify({ ...request, tool: undefined }), 'bad-message', /"tool"/],
    ['an input that is not an object', JSON.stringify({ ...request, input: 'ls' }), 'bad-message', /"input"/],
    ['an unknown mode', JSON.stringify({ ...request, mode: 'yolo' }), 'bad-message', /"mode"/],
    ['an empty id', JSON.stringify({ ...request, id: '' }), 'bad-message', /"id"/],
  ])('refuses %s with one sentence', (_name, text, code, sentence) => {
    const parsed = parseAgentMessage(text);
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.error.code).toBe(code);
    expect(parsed.error.message).toMatch(sentence);
    expect(parsed.error.message.split('. ').length).toBeLessThanOrEqual(2);
  });

  it('echoes a usable id so the agent knows which request was refused', () => {
    const parsed = parseAgentMessage(JSON.stringify({ ...request, cwd: 7 }));
    expect(parsed).toMatchObject({ ok: false, error: { id: 'r1' } });
  });

  it('does not echo an id that is itself invalid', () => {
    const parsed = parseAgentMessage(JSON.stringify({ ...request, id: 'x'.repeat(500) }));
    expect(parsed.ok ? undefined : parsed.error.id).toBeUndefined();
  });
});

describe('parseConsoleMessage', () => {
  it('accepts a decision and refuses a decision with an unknown racer', () => {
    expect(
      parseConsoleMessage('{"type":"permission.decision","id":"r","behavior":"allow","by":"tray"}').ok,
    ).toBe(true);
    expect(
      parseConsoleMessage('{"type":"permission.decision","id":"r","behavior":"allow","by":"someone"}').ok,
    ).toBe(false);
  });
});
