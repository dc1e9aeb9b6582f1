import { describe, expect, it } from 'vitest';
import type { PendingRequestView } from '../../common/queue-contract';
import { DETAIL_LIMIT, requestNotice, summaryNotice } from './notification-text';

const view = (tool: string, input: Record<string, unknown>, agent = 'claude-code') =>
  ({
    id: 'r1',
    sessionId: 's1',
    agent: { name: agent },
    cwd: '/home/dev/gatehouse/',
    tool,
    input,
    mode: 'default',
    receivedAt: 0,
  }) as PendingRequestView;

describe('requestNotice', () => {
  it('names the agent and what it wants in the title, and the command only in the body', () => {
    expect(requestNotice(view('Bash', { command: 'npm test' }), false)).toEqual({
      title: 'claude-code asks to run a command',
      body: 'npm test\nin gatehouse · Approve answers this request only',
      buttons: ['approve', 'deny'],
    });
  });

  it('offers Open only, and says why, when the request needs a second look', () => {
    const notice = requestNotice(view('Bash', { command: 'rm -rf build' }), true);
    expect(notice.buttons).toEqual([]);
    expect(notice.body).toBe('rm -rf build\nin gatehouse · needs a second look: open Gatehouse to review it');
  });

  it('offers Open only for file changes, whose edit the notification cannot show', () => {
    const notice = requestNotice(
      view('Edit', { file_path: '/p/src/a.ts', old_string: 'a', new_string: 'b' }),
      false,
    );
    expect(notice).toMatchObject({ title: 'claude-code asks to change a file', buttons: [] });
    expect(notice.body).toBe('/p/src/a.ts\nin gatehouse · open Gatehouse to see all of it');
  });

  it('offers Open only when the command does not fit', () => {
    const notice = requestNotice(view('Bash', { command: 'x'.repeat(DETAIL_LIMIT + 1) }), false);
    expect(notice.buttons).toEqual([]);
  });

  it.each([
    ['Read', { file_path: '/p/README.md' }, 'read a file', '/p/README.md'],
    ['Grep', { pattern: 'TODO', path: 'src' }, 'search files', 'TODO in src'],
    [
      'WebFetch',
      { url: 'https://example.com', prompt: 'summarise' },
      'fetch a web page',
      'https://example.com',
    ],
    ['WebSearch', { query: 'vitest' }, 'search the web', 'vitest'],
    ['mcp__github__create_issue', { title: 'x' }, 'use mcp__github__create_issue', '{"title":"x"}'],
  ])('describes %s', (tool, input, verb, detail) => {
    const notice = requestNotice(view(tool, input), false);
    expect(notice.title).toBe(`claude-code asks to ${verb}`);
    expect(notice.body.split('\n')[0]).toBe(detail);
  });

  it('keeps an agent-chosen name to one short line', () => {
    const notice = requestNotice(view('Bash', { command: 'ls' }, `evil\nname${'x'.repeat(80)}`), false);
    expect(notice.title).not.toContain('\n');
    expect(notice.title.length).toBeLessThan(80);
  });
});

describe('summaryNotice', () => {
  it('counts the requests and their agents, and only opens the console', () => {
    const notice = summaryNotice([
      view('Bash', { command: 'a' }),
      view('Bash', { command: 'b' }),
      view('Read', { file_path: 'c' }, 'ci-bot'),
    ]);
    expect(notice).toEqual({
      title: '3 requests waiting',
      body: 'from claude-code (2), ci-bot (1)\nOpen Gatehouse to review them',
      buttons: [],
    });
  });

  it('says "request" for one', () => {
    expect(summaryNotice([view('Bash', { command: 'a' })]).title).toBe('1 request waiting');
  });
});
