/**
 * Examples that a rule must match and must not match, kept in Gatehouse's own data
 * (`<gatehouse home>/rule-examples.json`), never in the agent's settings, keyed by settings file and rule
 * text. Writes are atomic and one at a time; a file that cannot be read is reported and never overwritten.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { refusal, type Refusal } from '../../../common/refusals';
import { RuleExamplesSchema, type RuleExamples } from '../../../common/rules-contract';
import { writeFileAtomic } from '../../../files/atomic-write';
import { EditorRefusal } from './editor-refusal';

export const EXAMPLES_FILE = 'rule-examples.json';

const StoredSchema = z.object({
  version: z.literal(1),
  rules: z.record(z.string(), z.object({ file: z.string(), rule: z.string(), examples: RuleExamplesSchema })),
});
type Stored = z.infer<typeof StoredSchema>;

export const noExamples: RuleExamples = { match: [], noMatch: [] };

export interface ExamplesStore {
  get(file: string, rule: string): RuleExamples;
  set(file: string, rule: string, examples: RuleExamples): Promise<void>;
  /** The rule was edited or moved: its examples go with it. */
  move(from: { file: string; rule: string }, to: { file: string; rule: string }): Promise<void>;
}

/** Gatehouse's examples file cannot be read or is not its own; examples are not saved until it is fixed. */
export class ExamplesFileError extends EditorRefusal {}

const keyOf = (file: string, rule: string) => `${file}\n${rule}`;

export async function openExamplesStore(home: string): Promise<ExamplesStore> {
  const path = join(home, EXAMPLES_FILE);
  const loaded = await load(path);
  const rules = new Map(Object.entries(loaded.ok ? loaded.stored.rules : {}));
  let queue: Promise<void> = Promise.resolve();

  const persist = () => {
    if (!loaded.ok) return Promise.reject(new ExamplesFileError(loaded.error));
    const stored: Stored = { version: 1, rules: Object.fromEntries(rules) };
    const text = `${JSON.stringify(stored, null, 2)}\n`;
    // Saves are chained so that two quick edits land in order, each as a whole file.
    const next = queue.then(async () => {
      await writeFileAtomic(path, text, { mode: 0o600 });
    });
    queue = next.catch(() => undefined);
    return next;
  };
  const put = (file: string, rule: string, examples: RuleExamples) => {
    if (examples.match.length === 0 && examples.noMatch.length === 0) rules.delete(keyOf(file, rule));
    else rules.set(keyOf(file, rule), { file, rule, examples });
  };

  return {
    get: (file, rule) => rules.get(keyOf(file, rule))?.examples ?? noExamples,
    set(file, rule, examples) {
      put(file, rule, examples);
      return persist();
    },
    move(from, to) {
      const entry = rules.get(keyOf(from.file, from.rule));
      if (!entry || keyOf(from.file, from.rule) === keyOf(to.file, to.rule)) return Promise.resolve();
      rules.delete(keyOf(from.file, from.rule));
      put(to.file, to.rule, entry.examples);
      return persist();
    },
  };
}

async function load(path: string): Promise<{ ok: true; stored: Stored } | { ok: false; error: Refusal }> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT')
      return { ok: true, stored: { version: 1, rules: {} } };
    return {
      ok: false,
      error: refusal(
        'examples-unreadable',
        `The examples file ${path} cannot be read; fix its permissions and restart.`,
        { file: path },
      ),
    };
  }
  try {
    const parsed = StoredSchema.safeParse(JSON.parse(text));
    if (parsed.success) return { ok: true, stored: parsed.data };
  } catch {
    // Not JSON: reported below like any other unusable content.
  }
  return {
    ok: false,
    error: refusal(
      'examples-invalid',
      `The examples file ${path} is not valid; fix or delete it, then restart Gatehouse.`,
      { file: path },
    ),
  };
}
