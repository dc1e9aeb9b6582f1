import { describe, expect, it } from 'vitest';
import { createSessionCarrier } from './session-carrier';

describe('createSessionCarrier', () => {
  it('a hook that spoke once for its session carries nothing', () => {
    const carrier = createSessionCarrier();
    carrier.note('s1');
    expect(carrier.carried()).toEqual([]);
  });

  it('a connection that spoke twice or more for a session carries it, until the session said it ended', () => {
    const carrier = createSessionCarrier();
    carrier.note('s1');
    carrier.note('s1');
    carrier.note('s2');
    carrier.note('s2');
    carrier.note('s2', true);
    expect(carrier.carried()).toEqual(['s1']);
  });
});
