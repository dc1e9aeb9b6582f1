/**
 * Gatehouse's own classifier (docs/engine.md, Layer 3): its settings, and the opinion a card shows when it
 * did not answer. The coordinator's path gives it a bounded time before any card, notification or phone
 * message; it may allow only a class of call the person enabled, above the confidence they chose, and
 * never a call that needs a second look or leaves the working directories (main/classifier/).
 */
import { z } from 'zod';

/**
 * The agents it judges for, by family. Claude Code has a classifier of its own (auto mode), so Gatehouse's
 * judges its manual-mode requests only when the person turns that on.
 */
export const classifierFamilies = ['codex', 'acp', 'sdk', 'claude-code'] as const;
export type ClassifierFamily = (typeof classifierFamilies)[number];

/** The kinds of call it may allow, each off until the person enables it. */
export const classifierClasses = [
  /** A shell command whose every part only reads, naming no path outside the working directories. */
  'read-only-commands',
  /** Read, Grep, Glob and the like (an ACP read or search) inside the working directories. */
  'read-only-tools',
  /** Edits, writes and notebook edits (an ACP edit) to files inside the working directories. */
  'project-edits',
] as const;
export type ClassifierClass = (typeof classifierClasses)[number];

/** The confidences a person can choose: the judge's allow counts only at or above the one chosen. */
export const classifierConfidences = [0.7, 0.8, 0.9, 0.95] as const;
export type ClassifierConfidence = (typeof classifierConfidences)[number];

export const CLASSIFIER_BUDGET_MS = { default: 300, min: 50, max: 5_000 } as const;

/** An OpenAI-compatible chat-completions root: https, or plain http only to this machine (llama.cpp, Ollama). */
export const LLM_ENDPOINT_PATTERN =
  /^(?:https:\/\/[^\s?#]+|http:\/\/(?:127\.0\.0\.1|localhost|\[::1\])(?::\d{1,5})?(?:\/[^\s?#]*)?)$/i;

export const ClassifierJudgeSchema = z.discriminatedUnion('kind', [
  /** The engine's own analysis: the same call, the same verdict, in well under a millisecond. */
  z.object({ kind: z.literal('deterministic') }),
  z.object({
    kind: z.literal('llm'),
    /** The API root, such as http://127.0.0.1:8080/v1; `/chat/completions` is added to it. */
    endpoint: z
      .string()
      .max(2_000)
      .regex(
        LLM_ENDPOINT_PATTERN,
        'must be an https:// address, or http:// to 127.0.0.1 or localhost, such as "http://127.0.0.1:8080/v1"',
      ),
    model: z.string().trim().min(1).max(200),
  }),
]);
export type ClassifierJudge = z.infer<typeof ClassifierJudgeSchema>;

const familySwitch = (on: boolean) => z.boolean().default(on);

export const ClassifierSettingsSchema = z.object({
  families: z
    .object({
      codex: familySwitch(true),
      acp: familySwitch(true),
      sdk: familySwitch(true),
      'claude-code': familySwitch(false),
    })
    .prefault({}),
  classes: z
    .array(z.enum(classifierClasses))
    .max(classifierClasses.length)
    .default([])
    .transform((classes) => [...new Set(classes)]),
  confidence: z.union(classifierConfidences.map((value) => z.literal(value))).default(0.8),
  budgetMs: z
    .number()
    .int()
    .min(CLASSIFIER_BUDGET_MS.min)
    .max(CLASSIFIER_BUDGET_MS.max)
    .default(CLASSIFIER_BUDGET_MS.default),
  judge: ClassifierJudgeSchema.default({ kind: 'deterministic' }),
});
export type ClassifierSettings = z.infer<typeof ClassifierSettingsSchema>;
export const DEFAULT_CLASSIFIER_SETTINGS: ClassifierSettings = ClassifierSettingsSchema.parse({});

/**
 * Why the classifier did not answer a card's request, as a code the console words in each language:
 * - `class-off`: it looks like a class the person has not enabled;
 * - `no-class`: it is none of the classes it may ever allow;
 * - `second-look`, `outside`: a danger, protected path or hidden character; a path outside the folders;
 * - `rule`: an ask or deny rule (the agent's or Codex's) decides it first;
 * - `unsure`, `denied`, `low-confidence`: the judge's own verdict, or an allow below the chosen confidence;
 * - `timeout`, `error`: the judge did not answer within its time, or failed (a model's bad answer too).
 */
export const classifierHolds = [
  'class-off',
  'no-class',
  'second-look',
  'outside',
  'rule',
  'unsure',
  'denied',
  'low-confidence',
  'timeout',
  'error',
] as const;
export type ClassifierHold = (typeof classifierHolds)[number];

export const ClassifierOpinionSchema = z.object({
  hold: z.enum(classifierHolds),
  /** The class the call looks like, when it looks like one. */
  looks: z.enum(classifierClasses).optional(),
  /** What the judge said, when it was asked and answered in time. */
  verdict: z.enum(['allow', 'deny', 'unsure']).optional(),
  confidence: z.number().min(0).max(1).optional(),
  /** The judge's reason in English (a model's own words have no code); the path or word outside, for `outside`. */
  detail: z.string().max(500).optional(),
  /** How long the classifier took, in milliseconds. */
  tookMs: z.number().nonnegative(),
});
export type ClassifierOpinion = z.infer<typeof ClassifierOpinionSchema>;

/** The channel history records a classifier's allow under: its class, so the review list can say it. */
export const CLASSIFIER_CHANNEL_PREFIX = 'classifier:';
export function classifierChannel(looks: ClassifierClass): string {
  return `${CLASSIFIER_CHANNEL_PREFIX}${looks}`;
}
export function classOfChannel(channel: string | undefined): ClassifierClass | undefined {
  if (!channel?.startsWith(CLASSIFIER_CHANNEL_PREFIX)) return undefined;
  const name = channel.slice(CLASSIFIER_CHANNEL_PREFIX.length);
  return classifierClasses.find((each) => each === name);
}

/** The classifier as the settings screen shows it. */
export interface ClassifierState {
  readonly settings: ClassifierSettings;
  /** Where the model's API key rests, when one is kept. */
  readonly keyStorage?: 'keychain' | 'file';
}

/** A rule one click wrote for a call the classifier allowed: its text and the settings file it went to. */
export interface ClassifierRuleWritten {
  readonly rule: string;
  readonly file: string;
}

export const classifierInvokeSchemas = {
  'classifier:state': z.object({}).strict(),
  /** Replaces the settings; they apply from the next request. */
  'classifier:configure': z.object({ settings: ClassifierSettingsSchema }).strict(),
  /** Keeps the model's API key in the keychain (else a 0600 file). */
  'classifier:set-key': z.object({ key: z.string().trim().min(1).max(500) }).strict(),
  'classifier:forget-key': z.object({}).strict(),
  /**
   * Turns an allow of the classifier's into a rule: the call exactly, in the deciding agent's project-local
   * settings, as deny or ask, through the rule editor's save.
   */
  'classifier:make-rule': z
    .object({ id: z.string().min(1).max(200), behavior: z.enum(['deny', 'ask']) })
    .strict(),
} as const;
export type ClassifierInvokeChannel = keyof typeof classifierInvokeSchemas;

export interface ClassifierInvokeValues {
  'classifier:state': ClassifierState;
  'classifier:configure': ClassifierState;
  'classifier:set-key': ClassifierState;
  'classifier:forget-key': ClassifierState;
  'classifier:make-rule': ClassifierRuleWritten;
}
