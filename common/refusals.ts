/**
 * Why main refused what the console asked, as a code the console words in its own language. Each code lists
 * the parameters its sentence names (a folder, a file, a rule); `message` is main's sentence in English, what
 * the log and the CLI print, and what a console that does not know the code shows.
 */
import { z } from 'zod';
import { PhraseSchema, type PhraseView } from './phrase-schema';
import { phoneRefusals } from './phone-contract';
import type { PhoneRefusal } from './phone-contract';

/** The phone's refusals are refusals like any other: one code list, one wording. */
const phoneParams = Object.fromEntries(phoneRefusals.map((code) => [code, []])) as unknown as Record<
  PhoneRefusal,
  readonly []
>;

/** Each refusal code with the names of its parameters, all strings. */
export const refusalParams = {
  'unknown-request': [],
  'bad-option': [],
  'bad-arguments': [],
  'unknown-channel': [],
  /** A handler that threw; `detail` is the error's own message. */
  internal: ['detail'],
  'untrusted-sender': [],
  /** A grant that would not answer the very request it was made on. */
  'grant-cannot-win': ['rule'],
  /** A rule Claude Code or the engine would refuse to load; `detail` is the engine's sentence. */
  'bad-rule': ['rule', 'detail'],
  'folder-not-absolute': ['folder'],
  'folder-missing': ['folder'],
  'folder-no-source': ['folder', 'source'],
  'settings-folder-linked': ['folder'],
  'settings-file-outside': ['file', 'target'],
  /** A settings file that cannot be used as it is (unreadable, not JSON, not an object): never overwritten. */
  'broken-file': ['file'],
  /** The rules of a folder the engine would not load; `detail` is the engine's sentence. */
  'bad-settings': ['detail'],
  /** A save conflict: the rule the edit acts on is no longer in its file. */
  'rule-gone': ['rule', 'file'],
  /** A save whose file kept changing under it. */
  'file-kept-changing': ['file'],
  /** A save that, read back, does not hold the edit. */
  'save-not-confirmed': ['file'],
  /** A tool call typed as text: not a JSON object, or a tool with no one field to type. */
  'input-not-object': ['text'],
  'input-needs-object': ['tool'],
  'examples-unreadable': ['file'],
  'examples-invalid': ['file'],
  /** Gatehouse's own settings.json could not be written. */
  'settings-not-saved': [],
  'no-history': [],
  /** A rule no longer proposed for that folder: applied, dismissed, or outgrown by history meanwhile. */
  'proposal-gone': ['rule', 'folder'],
  ...phoneParams,
} as const satisfies Record<string, readonly string[]>;

export type RefusalCode = keyof typeof refusalParams;
export const refusalCodes = Object.keys(refusalParams) as RefusalCode[];

type ParamNames<C extends RefusalCode> = (typeof refusalParams)[C][number];
export type RefusalParamsOf<C extends RefusalCode> = Readonly<Record<ParamNames<C>, string>>;

export interface Refusal {
  readonly code: string;
  readonly message: string;
  readonly params?: Readonly<Record<string, string>>;
  /** A parameter that is one of the engine's sentences, also as its phrase, so the console words it too. */
  readonly phrases?: Readonly<Record<string, PhraseView>>;
}

/** A refusal main makes: the code's parameters are required by the type, and none it does not list. */
export function refusal<C extends RefusalCode>(
  code: C,
  message: string,
  ...params: ParamNames<C> extends never ? [] : [RefusalParamsOf<C>]
): { readonly code: C; readonly message: string; readonly params?: RefusalParamsOf<C> } {
  return params[0] === undefined ? { code, message } : { code, message, params: params[0] };
}

/** The refusal with the engine's phrase for one of its parameters, when the engine gave one. */
export function withPhrase<R extends Refusal>(
  made: R,
  param: keyof NonNullable<R['params']> & string,
  phrase: PhraseView | undefined,
): R {
  return phrase === undefined ? made : { ...made, phrases: { ...made.phrases, [param]: phrase } };
}

export function isRefusalCode(code: string): code is RefusalCode {
  return Object.hasOwn(refusalParams, code);
}

const ParamsSchema = z.record(z.string(), z.string().max(10_000));
const PhrasesSchema = z.record(z.string(), PhraseSchema);

/**
 * The code and parameters of a refusal as the console may word them: a code it knows, with every parameter
 * its sentence names, each a string. Anything else (another version's code, a parameter missing) is
 * undefined, and the console shows main's sentence instead.
 */
export function readRefusal(error: Refusal):
  | {
      readonly code: RefusalCode;
      readonly params: Readonly<Record<string, string>>;
      readonly phrases: Readonly<Record<string, PhraseView>>;
    }
  | undefined {
  if (!isRefusalCode(error.code)) return undefined;
  const parsed = ParamsSchema.safeParse(error.params ?? {});
  if (!parsed.success) return undefined;
  const names: readonly string[] = refusalParams[error.code];
  if (!names.every((name) => Object.hasOwn(parsed.data, name))) return undefined;
  // Phrases only add a wording: ones that do not parse leave the parameters' own text.
  const phrases = PhrasesSchema.safeParse(error.phrases ?? {});
  return { code: error.code, params: parsed.data, phrases: phrases.success ? phrases.data : {} };
}
