/**
 * What the rule editor refuses, thrown from wherever it is found and returned by the handlers as it is: a
 * coded refusal (common/refusals.ts) whose message is main's English sentence.
 */
import type { Refusal } from '../../../common/refusals';

export class EditorRefusal extends Error {
  constructor(readonly refusal: Refusal) {
    super(refusal.message);
  }
}
