import { describe, expect, it } from 'vitest';
import { shortSessionId, shortSessionIds } from './session-label';

describe('short session ids', () => {
  it('shortens a random id from its head and a UUIDv7 from its random tail', () => {
    expect(shortSessionId('3f2a9c1e-77aa-4b1c-9d2e-1234567890ab')).toBe('3f2a9c1e');
    // Two Codex sessions started the same minute: the same timestamp head, different tails.
    expect(shortSessionId('019aeb7c-1c4e-7a21-9d3f-5be2a8c41f07')).toBe('a8c41f07');
    expect(shortSessionId('cc-1')).toBe('cc-1');
  });

  it('tells apart the UUIDv7 sessions that share their head', () => {
    const labels = shortSessionIds([
      '019aeb7c-1c4e-7a21-9d3f-5be2a8c41f07',
      '019aeb7c-2d90-7b44-8e01-c07d93e6b2a5',
    ]);
    expect([...labels.values()]).toEqual(['a8c41f07', '93e6b2a5']);
  });

  it('grows only the ids that read alike until they differ, keeping the others as they are', () => {
    const labels = shortSessionIds([
      'e2e-session-1',
      'e2e-session-2',
      '3f2a9c1e-77aa-4b1c-9d2e-1234567890ab',
    ]);
    expect(labels.get('e2e-session-1')).toBe('e2e-session-1');
    expect(labels.get('e2e-session-2')).toBe('e2e-session-2');
    expect(labels.get('3f2a9c1e-77aa-4b1c-9d2e-1234567890ab')).toBe('3f2a9c1e');
    const tails = shortSessionIds([
      '019aeb7c-1c4e-7a21-9d3f-5be2a8c41f07',
      '019aeb7c-2d90-7b44-8e01-5be2a8c41f07',
    ]);
    expect([...tails.values()]).toEqual(['f-5be2a8c41f07', '1-5be2a8c41f07']);
  });

  it('ends on ids that are one another’s prefix', () => {
    const labels = shortSessionIds(['session-one', 'session-one-more']);
    expect(labels.get('session-one')).toBe('session-one');
    expect(labels.get('session-one-more')).toBe('session-one-');
  });
});
