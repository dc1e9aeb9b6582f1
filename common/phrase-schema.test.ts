/**
 * An engine sentence's code and parameters cross into the console intact, nested sentences included, and
 * nothing else rides along with them.
 */
import { describe, expect, it } from 'vitest';
import { ExplanationSchema } from './queue-contract';
import { PhraseSchema } from './phrase-schema';

const command = 'npm run lint -- --fix';
const phrase = {
  code: 'decide.noRule',
  params: { why: { phrase: { code: 'bash.notReadOnly', params: { command: { command } } } } },
};

describe('a phrase at the console boundary', () => {
  it('keeps the code and every nested parameter of a card’s reason', () => {
    const explanation = ExplanationSchema.parse({
      behavior: 'ask',
      step: '3',
      reason: { type: 'default', message: `No rule matched: \`${command}\` is not read-only.`, phrase },
      nearMisses: [],
      risk: 'writes files',
      needsSecondLook: false,
      suggestedRules: [],
    });
    expect(explanation.reason.phrase).toEqual(phrase);
  });

  it('refuses a parameter of no known kind, or with more than its value', () => {
    expect(PhraseSchema.safeParse({ code: 'x', params: { a: { html: '<b>' } } }).success).toBe(false);
    expect(PhraseSchema.safeParse({ code: 'x', params: { a: { text: 'a', path: '/etc' } } }).success).toBe(
      false,
    );
    expect(
      PhraseSchema.safeParse({
        code: 'x',
        params: { a: { phrase: { code: 'y', params: { b: { count: '1' } } } } },
      }).success,
    ).toBe(false);
  });
});
