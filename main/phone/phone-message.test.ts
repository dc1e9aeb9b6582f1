import { describe, expect, it } from 'vitest';
import type { PendingRequestView } from '../../common/queue-contract';
import { CONFIRM_NOTE, notTakenLine, outcomeLine, requestContent } from './phone-message';

const LIMIT = 4_096;
const FULL = { summaryOnly: false };

const view = (tool: string, input: Record<string, unknown>) =>
  ({
    id: 'r1',
    sessionId: 's1',
    agent: { name: 'claude' },
    cwd: '/work/shop',
    tool,
    input,
    mode: 'default',
    receivedAt: 0,
  }) as PendingRequestView;

describe('what the phone is sent', () => {
  it('shows a command that fits in the message, verbatim, with no file', () => {
    const content = requestContent(view('Bash', { command: 'npm publish' }), FULL, LIMIT);
    expect(content).toMatchObject({ complete: true });
    expect(content.attachment).toBeUndefined();
    const [span] = content.message.verbatim!;
    expect(content.message.text.slice(span!.offset, span!.offset + span!.length)).toBe('npm publish');
  });

  it('sends a command too long for the message as a file, and the request stays approvable', () => {
    const command = `echo ${'x'.repeat(6_000)}`;
    const content = requestContent(view('Bash', { command }), FULL, LIMIT);
    expect(content.complete).toBe(true);
    expect(content.attachment).toEqual({ name: 'command.txt', text: command });
    expect(content.message.text).toContain('all 6,005 characters are in the file command.txt');
  });

  it('names a long Write input’s file input.json', () => {
    const content = requestContent(
      view('Write', { file_path: '/work/shop/a.txt', content: 'y'.repeat(5_000) }),
      FULL,
      LIMIT,
    );
    expect(content.attachment?.name).toBe('input.json');
    expect(JSON.parse(content.attachment!.text)).toMatchObject({ file_path: '/work/shop/a.txt' });
  });

  it('leaves room for the second-look question and the outcome in a message that just fits', () => {
    for (const length of [3_600, 3_800, 3_950, 4_000]) {
      const content = requestContent(view('Bash', { command: 'x'.repeat(length) }), FULL, LIMIT);
      const text = content.message.text;
      expect((text + CONFIRM_NOTE).length, `${length}`).toBeLessThanOrEqual(LIMIT);
      const outcome = outcomeLine({ behavior: 'deny', by: 'console', message: 'n'.repeat(4_000) });
      expect((text + outcome).length, `${length}`).toBeLessThanOrEqual(LIMIT);
      for (const because of ['terminal-no', 'terminal-yes'] as const) {
        const amended = text + outcome + notTakenLine({ because });
        expect(amended.length, `${length}, ${because}`).toBeLessThanOrEqual(LIMIT);
      }
    }
  });

  it('never approves hidden characters from the phone, long or short', () => {
    const short = requestContent(view('Bash', { command: 'echo a\u202Eb' }), FULL, LIMIT);
    expect(short.complete).toBe(false);
    const long = requestContent(view('Bash', { command: `echo a\u202Eb ${'x'.repeat(5_000)}` }), FULL, LIMIT);
    expect(long.complete).toBe(false);
    expect(long.message.text).toContain('hidden characters');
  });

  it('sends no file with summary only: the long request can only be denied', () => {
    const content = requestContent(
      view('Bash', { command: 'y'.repeat(5_000) }),
      { summaryOnly: true },
      LIMIT,
    );
    expect(content.attachment).toBeUndefined();
    expect(content.complete).toBe(false);
  });

  it('says in words what a question left to the agent became, not "handed back"', () => {
    expect(outcomeLine({ behavior: 'passthrough', by: 'timeout' })).toBe(
      '\n\n— Left to the agent’s own prompt by the timeout.',
    );
  });
});
