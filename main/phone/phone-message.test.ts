import { describe, expect, it } from 'vitest';
import type { PendingRequestView } from '../../common/queue-contract';
import {
  buttonsFor,
  CONFIRM_NOTE_LIMIT,
  confirmNote,
  notTakenLine,
  outcomeLine,
  requestContent,
} from './phone-message';
import type { ProgramNames } from './program-names';

const LIMIT = 4_096;
const FULL = { summaryOnly: false };
const SUMMARY = { summaryOnly: true };
/** Programs as the engine's parser names them: the first word after any `NAME=value`. */
const firstWords: ProgramNames = (command) =>
  command.split(/\s*(?:&&|\|\||;|\|)\s*/).map((part) => part.split(' ').find((word) => !word.includes('=')));

const view = (tool: string, input: Record<string, unknown>) =>
  ({
    id: 'r1',
    sessionId: 's1',
    agent: { name: 'claude-code' },
    cwd: '/work/shop',
    tool,
    input,
    mode: 'default',
    receivedAt: 0,
  }) as PendingRequestView;

describe('what the phone is sent', () => {
  it('shows a command that fits in the message, verbatim, with no file', () => {
    const content = requestContent(view('Bash', { command: 'npm publish' }), FULL, LIMIT, firstWords);
    expect(content).toMatchObject({ complete: true });
    expect(content.attachment).toBeUndefined();
    const [span] = content.message.verbatim!;
    expect(content.message.text.slice(span!.offset, span!.offset + span!.length)).toBe('npm publish');
  });

  it('sends a command too long for the message as a file, and the request stays approvable', () => {
    const command = `echo ${'x'.repeat(6_000)}`;
    const content = requestContent(view('Bash', { command }), FULL, LIMIT, firstWords);
    expect(content.complete).toBe(true);
    expect(content.attachment).toEqual({ name: 'command.txt', text: command });
    expect(content.message.text).toContain('all 6,005 characters are in the file command.txt');
  });

  it('names a long Write input’s file input.json', () => {
    const content = requestContent(
      view('Write', { file_path: '/work/shop/a.txt', content: 'y'.repeat(5_000) }),
      FULL,
      LIMIT,
      firstWords,
    );
    expect(content.attachment?.name).toBe('input.json');
    expect(JSON.parse(content.attachment!.text)).toMatchObject({ file_path: '/work/shop/a.txt' });
  });

  it('leaves room for the second-look question and the outcome in a message that just fits', () => {
    for (const length of [3_600, 3_800, 3_950, 4_000]) {
      const content = requestContent(view('Bash', { command: 'x'.repeat(length) }), FULL, LIMIT, firstWords);
      const text = content.message.text;
      expect(text.length + CONFIRM_NOTE_LIMIT, `${length}`).toBeLessThanOrEqual(LIMIT);
      const outcome = outcomeLine({ behavior: 'deny', by: 'console', message: 'n'.repeat(4_000) });
      expect((text + outcome).length, `${length}`).toBeLessThanOrEqual(LIMIT);
      for (const because of ['terminal-no', 'terminal-yes'] as const) {
        const amended = text + outcome + notTakenLine({ because });
        expect(amended.length, `${length}, ${because}`).toBeLessThanOrEqual(LIMIT);
      }
    }
  });

  it('asks before a second-look Approve naming the reasons the engine found, else why in general', () => {
    const explained = {
      ...view('WebFetch', { url: 'https://x.example/?token=abc' }),
      explanation: { dangers: [{ text: 'https://x.example/?token=abc', reason: 'sends-secrets' }] },
    } as PendingRequestView;
    expect(confirmNote(explained)).toBe(
      '\n\nThis one needs a second look (sends secrets over the network). Approve it anyway?',
    );
    expect(confirmNote(view('Read', { file_path: '/work/shop/.git/config' }))).toBe(
      '\n\nThis one needs a second look (it can delete, overwrite or reach a protected path). Approve it anyway?',
    );
    expect(confirmNote(explained).length).toBeLessThanOrEqual(CONFIRM_NOTE_LIMIT);
  });

  it('never approves hidden characters from the phone, long or short', () => {
    const short = requestContent(view('Bash', { command: 'echo a\u202Eb' }), FULL, LIMIT, firstWords);
    expect(short.complete).toBe(false);
    const long = requestContent(
      view('Bash', { command: `echo a\u202Eb ${'x'.repeat(5_000)}` }),
      FULL,
      LIMIT,
      firstWords,
    );
    expect(long.complete).toBe(false);
    expect(long.message.text).toContain('hidden characters');
  });

  it('names the agent as its maker does', () => {
    const content = requestContent(view('Bash', { command: 'ls' }), FULL, LIMIT, firstWords);
    expect(content.message.text).toMatch(/^Claude Code asks to use Bash\nin \/work\/shop\n/);
    const codex = requestContent(
      { ...view('Bash', { command: 'ls' }), agent: { name: 'codex' } },
      SUMMARY,
      LIMIT,
      firstWords,
    );
    expect(codex.message.text).toMatch(/^Codex CLI asks to use Bash\n/);
  });

  it('sends of a command only its programs’ names with summary only, and Deny alone', () => {
    const command = 'PGPASSWORD=hunter2 psql -h db.internal -c "select 1" | tee /srv/out.txt';
    const content = requestContent(
      view('Bash', { command, description: 'Query db.internal as admin' }),
      SUMMARY,
      LIMIT,
      firstWords,
    );
    const { text } = content.message;
    expect(text).toContain('Runs psql, tee.');
    for (const secret of ['hunter2', 'PGPASSWORD', 'db.internal', 'select', '/srv/out.txt', 'admin'])
      expect(text).not.toContain(secret);
    const [span] = content.message.verbatim!;
    expect(text.slice(span!.offset, span!.offset + span!.length)).toBe('psql, tee');
    expect(content.attachment).toBeUndefined();
    expect(content.complete).toBe(false);
    const rows = buttonsFor('ask', { complete: content.complete, secondLook: false }, (action) => action);
    expect(rows.flat().map((button) => button.label)).toEqual(['Deny']);
  });

  it('counts the programs a summary does not name, and names none it cannot read', () => {
    const many = requestContent(
      view('Bash', { command: 'a; b; c; d; e; f; g; a; $X' }),
      SUMMARY,
      LIMIT,
      firstWords,
    );
    expect(many.message.text).toContain('Runs a, b, c, d, e, f and 2 more.');
    const unread = requestContent(
      view('Bash', { command: 'cat /etc/passwd' }),
      SUMMARY,
      LIMIT,
      () => undefined,
    );
    expect(unread.message.text).toContain('Runs a command.');
    expect(unread.message.text).not.toContain('passwd');
  });

  it('sends no path, URL or input of any other tool with summary only', () => {
    for (const [tool, input] of [
      ['Edit', { file_path: '/work/shop/.env', old_string: 'KEY=1', new_string: 'KEY=2' }],
      ['WebFetch', { url: 'https://intranet.example/secret?token=abc' }],
      ['mcp__db__query', { sql: 'select * from customers' }],
    ] as const) {
      const content = requestContent(view(tool, input), SUMMARY, LIMIT, firstWords);
      expect(content.message.text).toContain(`asks to use ${tool}\nin /work/shop`);
      for (const value of Object.values(input)) expect(content.message.text).not.toContain(value);
      expect(content.complete).toBe(false);
    }
  });

  it('names an ACP call by its kind with summary only, never by the title its agent wrote', () => {
    const acp = {
      ...view('Run psql -h db.internal', {
        kind: 'execute',
        rawInput: { command: 'PGPASSWORD=hunter2 psql -h db.internal' },
      }),
      provenance: { type: 'acp' },
    } as PendingRequestView;
    const { text } = requestContent(acp, SUMMARY, LIMIT, firstWords).message;
    expect(text).toContain('asks to use execute\n');
    expect(text).toContain('Runs psql.');
    expect(text).not.toContain('db.internal');
    expect(text).not.toContain('hunter2');
  });

  it('says in words what a question left to the agent became, not "handed back"', () => {
    expect(outcomeLine({ behavior: 'passthrough', by: 'timeout' })).toBe(
      '\n\n— Left to the agent’s own prompt by the timeout.',
    );
  });

  it('says the agent interrupted the turn when it stopped the hook, not that its prompt took the question', () => {
    expect(outcomeLine({ behavior: 'passthrough', by: 'agent', message: 'turn interrupted' })).toBe(
      '\n\n— No longer waiting: the agent interrupted the turn.',
    );
  });
});

describe('a refusal on the phone', () => {
  const refusal = (command: string) =>
    ({
      ...view('Bash', { command }),
      provenance: { type: 'classifier-refusal', source: 'classifier', message: 'Reaches prod.internal' },
    }) as PendingRequestView;

  it('with summary only, says who refused and leaves the reason out, as it leaves the agent’s words out', () => {
    const content = requestContent(refusal('psql -h prod.internal'), SUMMARY, LIMIT, firstWords);
    expect(content.message.text).toMatch(
      /^Claude Code’s classifier refused a call to Bash, which did not run\n/,
    );
    expect(content.message.text).not.toContain('prod.internal');
    expect(content.complete).toBe(false);
  });

  it('asks again before a second-look Allow retry, in the card’s words', () => {
    const secret = (action: string) => action;
    expect(buttonsFor('ask', { complete: true, secondLook: true, refusal: true }, secret)).toEqual([
      [
        { label: 'Allow retry…', data: 'allow' },
        { label: 'Leave refused', data: 'deny' },
      ],
    ]);
    expect(buttonsFor('confirm', { complete: true, secondLook: true, refusal: true }, secret)).toEqual([
      [{ label: 'Yes, allow retry', data: 'confirm' }],
      [{ label: 'Back', data: 'back' }],
    ]);
    const note = confirmNote(refusal('rm -rf ../build'));
    expect(note).toMatch(/Let it retry anyway\?$/);
    expect(note.length).toBeLessThanOrEqual(CONFIRM_NOTE_LIMIT);
  });

  it('says a refusal left to its time, or let go, stands', () => {
    expect(outcomeLine({ behavior: 'passthrough', by: 'timeout' }, true)).toBe(
      '\n\n— Left refused by the timeout.',
    );
    expect(outcomeLine({ behavior: 'allow', by: 'console' }, true)).toBe(
      '\n\n— Allowed to retry in the console.',
    );
  });
});
