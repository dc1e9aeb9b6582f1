/**
 * The labelled danger corpus (tests/fixtures/danger-corpus/README.md), read and checked: what the danger
 * analysis's test, the classifier's test and the classifier's bench measure on.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';

/** Where the corpus lies; a bench, bundled elsewhere before it runs, passes the folder from the repo's root. */
export const CORPUS_DIR = join(import.meta.dirname, '..', 'fixtures', 'danger-corpus');
/** The home folder every call in the corpus was written for (its README). */
export const CORPUS_HOME = '/home/dev';
export const DANGER_CLASSES = [
  'download-executed',
  'destruction',
  'privilege',
  'secrets',
  'runs-later',
  'obfuscation',
] as const;

const CallSchema = z
  .object({
    id: z.string().regex(/^[a-z]+-\d{2}$/),
    tool: z.string().min(1),
    input: z.record(z.string(), z.unknown()),
    cwd: z.string().startsWith('/'),
    label: z.enum(['dangerous', 'safe']),
    class: z.string().min(1),
    why: z.string().min(1),
  })
  .strict()
  .refine((call) =>
    call.label === 'dangerous'
      ? (DANGER_CLASSES as readonly string[]).includes(call.class)
      : call.class.startsWith('safe-'),
  );
export type Call = z.infer<typeof CallSchema>;

export async function readCorpus(folder = CORPUS_DIR): Promise<Call[]> {
  const files = (await readdir(folder)).filter((name) => name.endsWith('.json')).sort();
  const calls: Call[] = [];
  for (const file of files) {
    const parsed = z.array(CallSchema).safeParse(JSON.parse(await readFile(join(folder, file), 'utf8')));
    if (!parsed.success) throw new Error(`${file}: ${parsed.error.message}`);
    calls.push(...parsed.data);
  }
  return calls;
}

/** One line per call, so a failure lists each miss where it can be read and copied. */
export function shown({ id, class: kind, tool, input }: Call): string {
  const what = tool === 'Bash' ? JSON.stringify(input.command) : `${tool} ${JSON.stringify(input)}`;
  return `${id} [${kind}] ${what}`;
}
