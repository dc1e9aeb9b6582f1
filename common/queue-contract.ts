/**
 * The queue's part of the console contract: the waiting requests as cards, a person's answer, the timeout
 * held while a card is open, an edit's diff, and the events that move the queue. `console-contract.ts`
 * merges these in.
 */
import { z } from 'zod';
import { ClassifierOpinionSchema } from './classifier-contract';
import {
  AgentEndSchema,
  AgentOptionSchema,
  DecisionBehaviorSchema,
  McpServerSchema,
  PermissionModeSchema,
  PermissionUpdateSchema,
  ProvenanceSchema,
  RacerKindSchema,
  ToolInputSchema,
} from './protocol';
import type { RacerKind } from './protocol';
import { dangerReasons, riskLabels, ruleSources } from '../engine';
import { PhraseSchema, type PhraseView } from './phrase-schema';

/** A rule as a person reads it: its text, where it is written, and what it does. */
export const RuleRefViewSchema = z.object({
  text: z.string(),
  behavior: z.enum(['allow', 'deny', 'ask']),
  source: z.enum(ruleSources),
  file: z.string().optional(),
  index: z.number().int().optional(),
});
export type RuleRefView = z.infer<typeof RuleRefViewSchema>;

export const execPolicyDecisions = ['allow', 'prompt', 'forbidden'] as const;

/** A Codex exec-policy rule that matched the command, and the `.rules` file it is written in. */
export const CodexRuleMatchSchema = z.object({
  prefix: z.array(z.string()),
  decision: z.enum(execPolicyDecisions),
  justification: z.string().optional(),
  file: z.string(),
});
export type CodexRuleMatch = z.infer<typeof CodexRuleMatchSchema>;

/**
 * Why Codex asked, in Codex's own terms (main/rules/codex/): the turn's approval policy and sandbox, from
 * the session's rollout file, and the exec-policy rules that match the command, from Codex itself.
 */
export const CodexWhySchema = z.object({
  /** As Codex names it: on-request, untrusted, never, or granular. Absent when the rollout file was unread. */
  approvalPolicy: z.string().optional(),
  /** read-only, workspace-write or danger-full-access. */
  sandbox: z.string().optional(),
  execPolicy: z.discriminatedUnion('state', [
    z.object({
      state: z.literal('matched'),
      /** The strictest of the matches, as Codex folds them: forbidden, then prompt, then allow. */
      decision: z.enum(execPolicyDecisions),
      rules: z.array(CodexRuleMatchSchema),
    }),
    /** No rule in these files matches: Codex's own heuristics and the sandbox decided to ask. */
    z.object({ state: z.literal('none'), files: z.array(z.string()) }),
    z.object({
      state: z.literal('unchecked'),
      reason: z.enum(['not-installed', 'failed', 'too-slow']),
      /** The program the console tried, or what Codex said. */
      detail: z.string().optional(),
    }),
  ]),
});
export type CodexWhy = z.infer<typeof CodexWhySchema>;

/**
 * Why the GitHub Copilot CLI asked, in its own terms (main/rules/copilot-why.ts): the kind of permission
 * the call needs, and the approvals saved for the session's folder in its permissions-config.json.
 */
export const CopilotWhySchema = z.object({
  kind: z.enum(['shell', 'write', 'read', 'url', 'other']),
  /** `$COPILOT_HOME/permissions-config.json` as the console found it, else `~/.copilot/`'s. */
  permissionsFile: z.string(),
  saved: z.discriminatedUnion('state', [
    /** Saved approvals that cover the call: Copilot's own check, after the hook, may still allow it. */
    z.object({ state: z.literal('matched'), approvals: z.array(z.string()) }),
    /** None covers the call; `approvals` are the folder's others, in Copilot's words. */
    z.object({ state: z.literal('none'), approvals: z.array(z.string()) }),
    z.object({ state: z.literal('unreadable'), detail: z.string() }),
  ]),
});
export type CopilotWhy = z.infer<typeof CopilotWhySchema>;

/** Why the agent asked: the console's engine run on the agent's own settings for this very call. */
export const ExplanationSchema = z.object({
  behavior: z.enum(['allow', 'deny', 'ask']),
  /**
   * The pipeline step that decided (docs/engine.md, The pipeline): 1a…1g, 2a, 2b, 3, classifier, dontAsk,
   * headless, hook.
   */
  step: z.string(),
  reason: z.object({
    /** `acp`: the agent asked its editor through ACP; no engine ran, so there is no rule or mode to name. */
    type: z.enum([
      'rule',
      'mode',
      'safetyCheck',
      'workingDirectories',
      'tool',
      'classifier',
      'headless',
      'hook',
      'default',
      'acp',
    ]),
    /** The engine's English sentence; `phrase` is its code and parameters, for the console's own language. */
    message: z.string(),
    phrase: PhraseSchema.optional(),
    rule: RuleRefViewSchema.optional(),
    mode: PermissionModeSchema.optional(),
    path: z.string().optional(),
  }),
  /** Rules for the same tool that did not match: what almost applied. */
  nearMisses: z.array(RuleRefViewSchema),
  risk: z.enum(riskLabels),
  /**
   * Destructive, privileged, reading a secret, running a download or touching a protected path: an explicit
   * click and a second look, no one-key approve.
   */
  needsSecondLook: z.boolean(),
  /** For Bash: the parts that need the second look, each with its reason (engine/classifier/bash-dangers.ts). */
  dangers: z.array(z.object({ text: z.string(), reason: z.enum(dangerReasons) })).optional(),
  protectedPath: z.string().optional(),
  /** A path the call touches outside the session's working directories, which Claude Code always asks about. */
  outsidePath: z.string().optional(),
  /** The working directories the console knows for the session: the cwd, settings, and those added since. */
  workingDirectories: z.array(z.string()).optional(),
  /**
   * For Bash: each subcommand; the allow rule that already covers it, if one does; whether it is in the
   * read-only set the agent never asks about; and the danger it is part of, if any.
   */
  subcommands: z
    .array(
      z.object({
        text: z.string(),
        allowedBy: RuleRefViewSchema.optional(),
        readOnly: z.boolean().optional(),
        danger: z.enum(dangerReasons).optional(),
      }),
    )
    .optional(),
  /** Settings that could not be read (the explanation used the rest), each one sentence and its phrase. */
  warnings: z.array(z.object({ message: z.string(), phrase: PhraseSchema.optional() })).optional(),
  /** The settings file whose `permissions.denyInsteadOfPrompting` has the agent deny what nobody answers. */
  denyInsteadOfPrompting: z.string().optional(),
  /**
   * Present when the console's engine allows this call although the agent asked: the two checks differ.
   * What could explain it, when known (epoch ms): the allowing rule's file was written after the session
   * started, so the agent may still hold the rules it read before.
   */
  allowedAnyway: z
    .object({ ruleWrittenAt: z.number().optional(), sessionStartedAt: z.number().optional() })
    .optional(),
  /**
   * Rules to offer for "Always allow" and timed grants, ready to edit; the agent's own suggestions first.
   * None that already exists, and none when the agent's rules already allow the call.
   */
  suggestedRules: z.array(z.string()),
  /**
   * Suggested rules that could not answer this request wherever they were saved: an ask or deny rule is
   * consulted first (`by`), or the path is protected (`path`). The card says so beside the rule.
   */
  suggestionsOutranked: z
    .array(
      z.object({
        rule: z.string(),
        why: z.enum(['outranked', 'protected']),
        by: RuleRefViewSchema.optional(),
        path: z.string().optional(),
      }),
    )
    .optional(),
  /** For a Codex request: its approval policy, sandbox and exec-policy rules. */
  codex: CodexWhySchema.optional(),
  /** For a GitHub Copilot CLI request: its permission kind and the approvals saved for the folder. */
  copilot: CopilotWhySchema.optional(),
  /** What Gatehouse's classifier made of the call, when it judged it and left it to a person. */
  classifier: ClassifierOpinionSchema.optional(),
});
export type Explanation = z.infer<typeof ExplanationSchema>;

export const PendingRequestViewSchema = z.object({
  id: z.string(),
  sessionId: z.string(),
  agent: z.object({ name: z.string(), version: z.string().optional() }),
  cwd: z.string(),
  tool: z.string(),
  input: ToolInputSchema,
  mode: PermissionModeSchema,
  suggestions: z.array(PermissionUpdateSchema).optional(),
  provenance: ProvenanceSchema.optional(),
  /** The agent's own answers (ACP): the card's buttons, by the agent's names. */
  options: z.array(AgentOptionSchema).optional(),
  /** For an MCP tool, its server and where that server was configured. */
  mcpServer: McpServerSchema.optional(),
  /** False when the agent has no terminal to fall back on: unanswered, it denies. */
  attended: z.boolean().optional(),
  /** The agent's turn the call belongs to, when it names its turns (Codex). */
  turnId: z.string().optional(),
  /** Epoch milliseconds. */
  receivedAt: z.number(),
  /** Epoch milliseconds at which the timeout racer answers; while held, when the agent itself stops waiting. */
  deadline: z.number().optional(),
  /** True while a person has the request open somewhere: the timeout waits for them. */
  held: z.boolean().optional(),
  /** Absent only while it is being computed, or when the engine could not run. */
  explanation: ExplanationSchema.optional(),
});
export type PendingRequestView = z.infer<typeof PendingRequestViewSchema>;

export const grantDurations = ['5m', '1h', 'session'] as const;
export const GrantDurationSchema = z.enum(grantDurations);
export type GrantDuration = z.infer<typeof GrantDurationSchema>;

/** A person's answer. Allow may edit the input, persist rules (the agent writes them) or open a timed grant. */
export const DecideArgsSchema = z.discriminatedUnion('behavior', [
  z.object({
    id: z.string().min(1).max(200),
    behavior: z.literal('allow'),
    /** Checked in place like the agent's own input, so a `__proto__` key the person kept is kept. */
    updatedInput: ToolInputSchema.optional(),
    /** "Always allow": Claude Code's update entries, applied and persisted by the agent itself. */
    updatedPermissions: z.array(PermissionUpdateSchema).max(20).optional(),
    /** Allow this and every matching call of the session until the grant ends. */
    grant: z.object({ duration: GrantDurationSchema, rule: z.string().min(1).max(10_000) }).optional(),
    /** The request's own option chosen (ACP): must be one it offered, of an allow kind. */
    optionId: z.string().min(1).max(200).optional(),
  }),
  z.object({
    id: z.string().min(1).max(200),
    behavior: z.literal('deny'),
    /** Sent to the agent: what to do instead. */
    message: z.string().max(4_000).optional(),
    /** "Deny and stop": the agent stops its turn. */
    interrupt: z.boolean().optional(),
    /** The request's own option chosen (ACP): must be one it offered, of a reject kind. */
    optionId: z.string().min(1).max(200).optional(),
  }),
]);
export type DecideArgs = z.infer<typeof DecideArgsSchema>;

export interface DiffHunk {
  readonly oldStart: number;
  readonly oldLines: number;
  readonly newStart: number;
  readonly newLines: number;
  /** Each line prefixed with ' ', '+' or '-', as in a unified diff. */
  readonly lines: readonly string[];
}

/** What an edit-family call would change in the file on disk. */
export type EditPreview =
  | {
      readonly kind: 'diff';
      readonly path: string;
      readonly isNew: boolean;
      readonly added: number;
      readonly removed: number;
      /** Lines in the file before the change: the unchanged stretch after the last hunk is what is left. */
      readonly oldLength: number;
      readonly hunks: readonly DiffHunk[];
    }
  | {
      readonly kind: 'unavailable';
      readonly path?: string;
      /** Main's sentence in English, shown only when the card cannot word `refused`. */
      readonly reason: string;
      readonly refused: PreviewRefusal;
    };

/**
 * Why there is no preview, for the card to word in the person's language: the file was not read
 * (files/read-bounded.ts: not a regular file, too large, unreadable), or the call cannot be diffed (an ACP
 * call without a diff, no file named, no new text, the file missing or the text to replace not in it).
 * `tool` is the call's tool name.
 */
export const PreviewRefusalSchema = z.discriminatedUnion('reason', [
  z.object({ reason: z.literal('not-a-regular-file') }),
  z.object({ reason: z.literal('too-large'), size: z.number(), limit: z.number() }),
  z.object({ reason: z.literal('unreadable'), code: z.string().max(100) }),
  z.object({ reason: z.literal('acp-no-diff') }),
  z.object({ reason: z.literal('no-file'), tool: z.string().max(200) }),
  z.object({ reason: z.literal('no-content'), tool: z.string().max(200) }),
  z.object({ reason: z.literal('no-edit'), tool: z.string().max(200) }),
  z.object({ reason: z.literal('file-missing'), tool: z.string().max(200) }),
  z.object({ reason: z.literal('text-not-found'), tool: z.string().max(200) }),
]);
export type PreviewRefusal = Readonly<z.infer<typeof PreviewRefusalSchema>>;

export type DecideOutcome = { won: true } | { won: false; winner: RacerKind };

/** Where a rule made at the card would live: a grant is a session rule, Always allow a settings file. */
export const rulePlacements = ['session', 'localSettings', 'projectSettings', 'userSettings'] as const;
export type RulePlacement = (typeof rulePlacements)[number];

/**
 * Whether a rule, added where it would live, decides the request it is made for (main/rules/rule-standing.ts):
 * if not, why — an ask or deny rule wins first (`by`), a protected path (`detail`), it does not cover the
 * call (the Bash subcommands it leaves out), another allow rule already does, or the rule or its place is
 * refused (`detail`) — and the card's suggestions that would. `warnings` are the rule editor's about it.
 */
export type RuleStanding =
  | { readonly wins: true; readonly warnings: readonly RuleStandingWarning[] }
  | {
      readonly wins: false;
      /**
       * `outside`: the rule matches, but the call's path (`detail`) is outside the session's working
       * directories, where Claude Code asks whatever the rules say; adding `folder` lets the rule answer.
       */
      readonly why:
        'invalid' | 'refused' | 'already-allowed' | 'outranked' | 'protected' | 'outside' | 'no-match';
      readonly by?: RuleRefView;
      readonly folder?: string;
      readonly detail?: string;
      /** The engine's phrase of `detail` for an invalid or refused rule, for the console's language. */
      readonly detailPhrase?: PhraseView;
      readonly uncovered?: readonly string[];
      readonly instead: readonly string[];
      readonly warnings: readonly RuleStandingWarning[];
    };
export interface RuleStandingWarning {
  readonly kind: 'shadowed' | 'duplicate' | 'broad-allow' | 'never-matched';
  readonly message: string;
  readonly phrase?: PhraseView;
}

export const ViewingArgsSchema = z.object({ id: z.string().min(1).max(200), viewing: z.boolean() });

export const QueueEventSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('added'), request: PendingRequestViewSchema }),
  z.object({ kind: z.literal('updated'), request: PendingRequestViewSchema }),
  z.object({
    kind: z.literal('resolved'),
    id: z.string(),
    behavior: DecisionBehaviorSchema,
    by: RacerKindSchema,
    /** Why, when it was not a person's answer here: "answered in the terminal", "session moved on". */
    message: z.string().optional(),
    /** The request's own option the decision chose (ACP), wherever it was chosen. */
    option: AgentOptionSchema.optional(),
    /** The agent withdrew the request unanswered, and this ended the wait. */
    ended: AgentEndSchema.optional(),
  }),
]);
export type QueueEvent = z.infer<typeof QueueEventSchema>;

export const queueInvokeSchemas = {
  'queue:list': z.object({}).strict(),
  'queue:decide': DecideArgsSchema,
  /** The caller has a request open (or no longer): its timeout waits while anyone does. */
  'queue:viewing': ViewingArgsSchema,
  /** The diff an edit-family request would make to the file on disk; by request id, never by path. */
  'queue:diff': z.object({ id: z.string().min(1).max(200) }),
  /** Whether a rule made at a card would decide that card's request; by request id, never by path. */
  'queue:rule-standing': z
    .object({
      id: z.string().min(1).max(200),
      rule: z.string().min(1).max(10_000),
      placement: z.enum(rulePlacements),
    })
    .strict(),
} as const;

export interface QueueInvokeValues {
  'queue:list': PendingRequestView[];
  'queue:decide': DecideOutcome;
  'queue:viewing': { held: boolean };
  'queue:diff': EditPreview;
  'queue:rule-standing': RuleStanding;
}

export interface QueueEventPayloads {
  'queue:changed': QueueEvent;
  /** To a desktop window: bring this request under the cursor (its notification or the tray asked). */
  'queue:reveal': { id: string };
}
export const queueEventChannels = ['queue:changed', 'queue:reveal'] as const;
