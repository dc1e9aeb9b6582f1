import { describe, expect, it } from 'vitest';
import { pendingRequest } from '../testing/fake-console-api';
import { allowGate } from './allow-gate';

const explained = (needsSecondLook: boolean) => ({
  behavior: 'ask' as const,
  step: '3',
  reason: { type: 'default' as const, message: 'No rule matched.' },
  nearMisses: [],
  risk: needsSecondLook ? ('destructive' as const) : ('read-only' as const),
  needsSecondLook,
  suggestedRules: [],
});

describe('allowGate', () => {
  it('opens for a request the engine found harmless', () => {
    expect(allowGate(pendingRequest('a', { explanation: explained(false) }), false)).toBe('open');
  });

  it('asks for a second look when the engine says so', () => {
    expect(allowGate(pendingRequest('a', { explanation: explained(true) }), false)).toBe('confirm');
  });

  it('holds Allow back until the engine has looked at the request', () => {
    expect(allowGate(pendingRequest('a', { explanation: undefined }), false)).toBe('checking');
    expect(allowGate(pendingRequest('a', { explanation: undefined }), true)).toBe('checking');
  });

  it('keeps a long command unread until it has been seen to its end', () => {
    const long = pendingRequest('a', {
      input: { command: 'echo x\n'.repeat(20) },
      explanation: explained(false),
    });
    expect(allowGate(long, false)).toBe('unread');
    expect(allowGate(long, true)).toBe('open');
  });
});
