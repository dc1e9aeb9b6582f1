/**
 * Rules proposed from history: the console's "Suggestions" view lists them, and a person applies, edits or
 * dismisses each (docs/console.md, Suggestions). `console-contract.ts` merges these channels in.
 */
import { z } from 'zod';
import { ProjectFolderSchema } from './rules-contract';
import type { PermissionUpdate, RacerKind } from './protocol';

/** A question as history kept it, with what became of it. */
export interface PastQuestion {
  readonly id: string;
  readonly sessionId: string;
  readonly agent: string;
  readonly tool: string;
  readonly input: Record<string, unknown>;
  readonly cwd: string;
  readonly suggestions?: readonly PermissionUpdate[];
  readonly receivedAt: number;
  /** What the agent did (the terminal's answer when it took that instead); absent while undecided. */
  readonly outcome?: 'allow' | 'deny' | 'passthrough';
  readonly by?: RacerKind;
  /** The racer's channel: `grant:<rule>` for a grant's answer. */
  readonly channel?: string;
  /** The person answered in the agent's own terminal, after the console's answer. */
  readonly terminal?: boolean;
}

/** When a rule is proposed; the docs state the same numbers. */
export const PROPOSAL_THRESHOLDS = {
  /** Allows a person gave, within `days`, to calls the rule covers … */
  allows: 5,
  /** … or sessions in which a timed grant or session rule of that text answered, within `days` … */
  grantSessions: 3,
  /** … and no deny of a call the rule covers within the same days. */
  days: 30,
  /** The last questions of the project that "would have answered" is counted over. */
  window: 5_000,
} as const;

/** A past question the rule would also have allowed. */
export interface PastQuestionView {
  readonly id: string;
  readonly tool: string;
  /** One line of its input, hidden characters kept for the view to mark. */
  readonly line: string;
  readonly receivedAt: number;
  /** What the agent did: allowed, denied, handed back to its own prompt, or not yet answered. */
  readonly outcome: 'allow' | 'deny' | 'passthrough' | 'pending';
  readonly by?: RacerKind;
}

export interface ProposalView {
  readonly rule: string;
  /** `allows`: a person kept allowing such calls; `grants`: a timed grant of this rule kept being made. */
  readonly kind: 'allows' | 'grants';
  readonly agent: string;
  readonly cwd: string;
  /** Where Apply saves it: the project's local settings, which only this person's checkout reads. */
  readonly file: string;
  /** Allows a person gave, within the threshold's days, to calls it covers. */
  readonly allows: number;
  /** Sessions in which a grant of this rule answered, within the threshold's days. */
  readonly grantSessions: number;
  /** Of the last `examined` questions of this project, how many it would have answered. */
  readonly answered: number;
  readonly examined: number;
  /** Every past question it would also have allowed: denies first, then newest first. */
  readonly alsoAllows: readonly PastQuestionView[];
}

export interface ProposalsState {
  /** "Suggest rules from what I allow" (settings.json, `proposals.enabled`). */
  readonly enabled: boolean;
  /** False when the console keeps no history to learn from (a test's own store). */
  readonly available: boolean;
  readonly proposals: readonly ProposalView[];
}

const ProposalRefSchema = z
  .object({ cwd: ProjectFolderSchema, rule: z.string().min(1).max(10_000) })
  .strict();

export const proposalsInvokeSchemas = {
  'proposals:list': z.object({}).strict(),
  /** Saves the proposed rule in its file through the rule editor's atomic save; only a current proposal. */
  'proposals:apply': ProposalRefSchema,
  /** Never proposes this rule for this folder again, across restarts. */
  'proposals:dismiss': ProposalRefSchema,
  'proposals:configure': z.object({ enabled: z.boolean() }).strict(),
} as const;

export type ProposalsInvokeChannel = keyof typeof proposalsInvokeSchemas;

/** Pushed after an apply, a dismissal or the switch, so every view and badge shows the same list. */
export const proposalsEventChannels = ['proposals:changed'] as const;
export interface ProposalsEventPayloads {
  'proposals:changed': ProposalsState;
}

export interface ProposalsInvokeValues {
  'proposals:list': ProposalsState;
  'proposals:apply': ProposalsState;
  'proposals:dismiss': ProposalsState;
  'proposals:configure': ProposalsState;
}
