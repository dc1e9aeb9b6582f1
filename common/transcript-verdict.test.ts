import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { transcriptVerdict } from './transcript-verdict';

const input = { command: 'touch marker.txt', description: 'make a marker' };
const use = (id: string, command = input.command) =>
  JSON.stringify({
    type: 'assistant',
    message: {
      content: [{ type: 'tool_use', id, name: 'Bash', input: { description: input.description, command } }],
    },
  });
/** As Claude Code 2.1.328 writes a "No, and tell Claude …" answer. */
const rejected = (id: string, feedback: string) =>
  JSON.stringify({
    type: 'user',
    message: {
      content: [
        {
          type: 'tool_result',
          is_error: true,
          tool_use_id: id,
          content: `The user doesn't want to proceed with this tool use. … the user said:\n${feedback}`,
        },
      ],
    },
    toolDenialKind: 'user-rejected',
    userFeedback: feedback,
  });
const ran = (id: string) =>
  JSON.stringify({
    type: 'user',
    message: { content: [{ type: 'tool_result', tool_use_id: id, content: '' }] },
  });

describe('the transcript’s word on a waiting call', () => {
  it('finds a refusal in the terminal, with the person’s words', () => {
    expect(transcriptVerdict([use('t1'), rejected('t1', 'use the build folder')], 'Bash', input)).toEqual({
      kind: 'rejected',
      feedback: 'use the build folder',
    });
  });

  it('says nothing while the call has no result yet, or for another call’s result', () => {
    expect(transcriptVerdict([use('t1')], 'Bash', input)).toBeUndefined();
    expect(
      transcriptVerdict([use('t0', 'ls'), use('t1'), rejected('t0', 'no')], 'Bash', input),
    ).toBeUndefined();
  });

  it('matches the input as data, whatever the key order, and follows the latest identical call', () => {
    expect(transcriptVerdict([use('t1'), ran('t1'), use('t2')], 'Bash', input)).toBeUndefined();
    expect(transcriptVerdict([use('t1'), ran('t1')], 'Bash', input)).toEqual({ kind: 'ran' });
  });

  it('skips lines that are not JSON, such as a line still being written', () => {
    expect(transcriptVerdict(['{"type":"us', use('t1'), 'null', rejected('t1', '')], 'Bash', input)).toEqual({
      kind: 'rejected',
    });
  });
});

describe('the outcomes a real Claude Code 2.1.328 transcript holds', () => {
  const lines = readFileSync('tests/fixtures/claude-code/transcript-2.1.328-outcomes.jsonl', 'utf8')
    .split('\n')
    .filter(Boolean);
  const call = (name: string) => ({ command: `touch ${name}`, description: `Make ${name}` });

  it('tells a call that ran, one a hook denied and one the person refused in the terminal apart', () => {
    expect(transcriptVerdict(lines, 'Bash', call('allowed.txt'))).toEqual({ kind: 'ran' });
    expect(transcriptVerdict(lines, 'Bash', call('denied.txt'))).toEqual({ kind: 'refused' });
    expect(transcriptVerdict(lines, 'Bash', call('refused.txt'))).toEqual({
      kind: 'rejected',
      feedback: 'use the build folder',
    });
  });

  it('passes over a result written before `since`: an earlier identical call’s', () => {
    const refusedAt = Date.parse(JSON.parse(lines[5]!).timestamp as string);
    expect(transcriptVerdict(lines, 'Bash', call('refused.txt'), refusedAt + 1)).toBeUndefined();
    expect(transcriptVerdict(lines, 'Bash', call('refused.txt'), refusedAt)).toMatchObject({
      kind: 'rejected',
    });
  });

  it('has nothing to say about a call the transcript has not reached', () => {
    expect(transcriptVerdict(lines.slice(0, 4), 'Bash', call('refused.txt'))).toBeUndefined();
    expect(transcriptVerdict(lines, 'Bash', call('other.txt'))).toBeUndefined();
  });
});

describe('what is not a message of the transcript', () => {
  const lines = readFileSync('tests/fixtures/claude-code/transcript-2.1.328-blob-first.jsonl', 'utf8')
    .split('\n')
    .filter(Boolean);
  const call = { command: 'touch refused.txt', description: 'Make refused.txt' };

  it('is not the call’s result: the copy of the request that carried it to the model, written before the “No”', () => {
    expect(JSON.parse(lines[1]!)).toMatchObject({ type: 'api-request-blob' });
    expect(transcriptVerdict(lines.slice(0, 2), 'Bash', call)).toBeUndefined();
    expect(transcriptVerdict(lines, 'Bash', call)).toEqual({
      kind: 'rejected',
      feedback: 'use the build folder',
    });
  });

  it('is not the call either: a copy of its tool use written after the result leaves the verdict standing', () => {
    const copy = JSON.stringify({ type: 'api-request-blob', message: JSON.parse(lines[0]!).message });
    expect(transcriptVerdict([...lines, copy], 'Bash', call)).toMatchObject({ kind: 'rejected' });
  });
});
