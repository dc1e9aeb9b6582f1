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
    expect(requestNotice(view('Bash', { command: 'npm test' }), false, 0)).toEqual({
      title: 'Claude Code asks to run a command',
      body: 'npm test\nin gatehouse, session s1 · Approve answers this request only',
      buttons: ['approve', 'deny'],
    });
  });

  it('offers Open only, and says why, when the request needs a second look', () => {
    const notice = requestNotice(view('Bash', { command: 'rm -rf ~/photos' }), true, 0);
    expect(notice.buttons).toEqual([]);
    expect(notice.body).toBe(
      'rm -rf ~/photos\nin gatehouse, session s1 · needs a second look: open Gatehouse to review it',
    );
  });

  it('names the reasons the engine found, the first two of them', () => {
    const explained = {
      ...view('Bash', { command: 'sudo rm -rf ~/photos && gh auth token' }),
      explanation: {
        dangers: [
          { text: 'sudo rm -rf ~/photos', reason: 'root' },
          { text: 'sudo rm -rf ~/photos', reason: 'deletes-outside' },
          { text: 'gh auth token', reason: 'prints-secret' },
        ],
      },
    } as PendingRequestView;
    expect(requestNotice(explained, true, 0).body).toBe(
      'sudo rm -rf ~/photos && gh auth token\nin gatehouse, session s1 · ' +
        'needs a second look (runs as root, deletes outside the project): open Gatehouse to review it',
    );
  });

  it('offers Open only for file changes, whose edit the notification cannot show', () => {
    const notice = requestNotice(
      view('Edit', { file_path: '/p/src/a.ts', old_string: 'a', new_string: 'b' }),
      false,
      0,
    );
    expect(notice).toMatchObject({ title: 'Claude Code asks to change a file', buttons: [] });
    expect(notice.body).toBe('/p/src/a.ts\nin gatehouse, session s1 · open Gatehouse to see all of it');
  });

  it('offers Open only when the command does not fit', () => {
    const notice = requestNotice(view('Bash', { command: 'x'.repeat(DETAIL_LIMIT + 1) }), false, 0);
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
    const notice = requestNotice(view(tool, input), false, 0);
    expect(notice.title).toBe(`Claude Code asks to ${verb}`);
    expect(notice.body.split('\n')[0]).toBe(detail);
  });

  it('says when the request goes back to its agent within the minute, and which session asked', () => {
    const codex = { ...view('Bash', { command: 'touch a' }, 'codex'), deadline: 1_000 + 29_000 };
    const soon = requestNotice({ ...codex, sessionId: '019aeb7c-1c4e-7a21-9d3f-5be2a8c41f07' }, false, 1_000);
    expect(soon.title).toBe('Codex CLI asks to run a command');
    expect(soon.body).toBe(
      'touch a\nin gatehouse, session a8c41f07 · goes back to Codex CLI in 0:29 · Approve answers this request only',
    );
    expect(requestNotice({ ...codex, deadline: 1_000 + 600_000 }, false, 1_000).body).not.toContain(
      'goes back',
    );
    const summary = summaryNotice([codex, view('Bash', { command: 'ls' })], 1_000);
    expect(summary.body).toBe(
      'from Codex CLI (1), Claude Code (1)\n1 hands back in 0:29 · Open Gatehouse to review them',
    );
  });

  it('keeps an agent-chosen name to one short line', () => {
    const notice = requestNotice(view('Bash', { command: 'ls' }, `evil\nname${'x'.repeat(80)}`), false, 0);
    expect(notice.title).not.toContain('\n');
    expect(notice.title.length).toBeLessThan(80);
  });
});

describe('a refusal card’s notice', () => {
  const refusal = (command: string, reason: string) =>
    ({
      ...view('Bash', { command }),
      provenance: { type: 'classifier-refusal', source: 'classifier', message: reason },
      deadline: 60_000,
    }) as PendingRequestView;

  it('says the classifier refused it, gives its reason, and offers the card’s two answers', () => {
    expect(
      requestNotice(refusal('git push origin main', 'Pushes to the default branch'), false, 2_000),
    ).toEqual({
      title: 'Claude Code’s classifier refused a call to run a command',
      body:
        'git push origin main\nThe classifier’s reason: Pushes to the default branch\n' +
        'in gatehouse, session s1 · the refusal stands in 0:58 · ' +
        'Allow retry lets Claude Code try this exact call once more',
      buttons: ['approve', 'deny'],
      labels: { approve: 'Allow retry', deny: 'Leave refused' },
    });
  });

  it('cuts a long reason to one line and still offers the answers', () => {
    const notice = requestNotice(refusal('ls', `first\n${'y'.repeat(DETAIL_LIMIT * 2)}`), false, 0);
    const line = notice.body.split('\n')[1]!;
    expect(line).toMatch(/^The classifier’s reason: first ↵ y+…$/);
    expect(Array.from(line.replace('The classifier’s reason: ', ''))).toHaveLength(DETAIL_LIMIT);
    expect(notice.buttons).toEqual(['approve', 'deny']);
  });

  it('drops hidden characters from the reason and offers Open only', () => {
    const notice = requestNotice(refusal('ls', 'harmless\u202e txt.exe'), false, 0);
    expect(notice.body).toContain('The classifier’s reason: harmless txt.exe\n');
    expect(notice.body).toMatch(/open Gatehouse to see all of it$/);
    expect(notice.buttons).toEqual([]);
  });

  it('offers Open only when the call needs a second look', () => {
    const notice = requestNotice(refusal('rm -rf ~/photos', 'Deletes outside the project'), true, 0);
    expect(notice.buttons).toEqual([]);
    expect(notice.body).toMatch(/needs a second look: open Gatehouse to review it$/);
  });
});

describe('summaryNotice', () => {
  it('counts the requests and their agents, and only opens the console', () => {
    const notice = summaryNotice(
      [
        view('Bash', { command: 'a' }),
        view('Bash', { command: 'b' }),
        view('Read', { file_path: 'c' }, 'ci-bot'),
      ],
      0,
    );
    expect(notice).toEqual({
      title: '3 requests waiting',
      body: 'from Claude Code (2), ci-bot (1)\nOpen Gatehouse to review them',
      buttons: [],
    });
  });

  it('says "request" for one', () => {
    expect(summaryNotice([view('Bash', { command: 'a' })], 0).title).toBe('1 request waiting');
  });
});
