import { describe, expect, it } from 'vitest';
import { initialDraft, readDraft } from './input-draft';

describe('editing the input before allowing', () => {
  it('edits only the command of a Bash call, keeping the rest', () => {
    const input = { command: 'npm test', description: 'Test' };
    expect(initialDraft(input, true)).toBe('npm test');
    expect(readDraft('npm test -- --ci', input, true)).toEqual({
      ok: true,
      input: { command: 'npm test -- --ci', description: 'Test' },
      changed: true,
    });
    expect(readDraft('npm test', input, true)).toMatchObject({ changed: false });
  });

  it('reads other inputs as a JSON object', () => {
    const input = { url: 'https://a.example' };
    expect(readDraft(initialDraft(input, false), input, false)).toEqual({ ok: true, input, changed: false });
    expect(readDraft('{"url": 1}', input, false)).toEqual({ ok: true, input: { url: 1 }, changed: true });
    expect(readDraft('{"url":', input, false)).toMatchObject({ ok: false, problem: 'invalidJson' });
    expect(readDraft('[1]', input, false)).toEqual({ ok: false, problem: 'notObject' });
    expect(readDraft('null', input, false)).toEqual({ ok: false, problem: 'notObject' });
  });
});
