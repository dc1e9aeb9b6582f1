/**
 * An engine sentence's code and parameters as they travel to the console (engine/explain/phrases.ts). The
 * code is any string here: a console older than the engine that wrote a card, or a record older than the
 * codes, falls back to the English `message` beside it.
 */
import { z } from 'zod';

const PhraseArgSchema = z.union([
  z.object({ text: z.string() }).strict(),
  z.object({ command: z.string() }).strict(),
  z.object({ literal: z.string() }).strict(),
  z.object({ path: z.string() }).strict(),
  z.object({ count: z.number() }).strict(),
  z
    .object({
      get phrase() {
        return PhraseSchema;
      },
    })
    .strict(),
]);

export const PhraseSchema = z.object({
  code: z.string().max(100),
  get params() {
    return z.record(z.string().max(100), PhraseArgSchema);
  },
});
export type PhraseView = z.infer<typeof PhraseSchema>;
export type PhraseArgView = z.infer<typeof PhraseArgSchema>;
