/**
 * A live console core for an agent's sandbox, recording the cards it shows and how each was decided, so a
 * case can wait on the next card or on a card's outcome without polling.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ClassifierClass } from '../../../common/classifier-contract';
import type {
  DecideArgs,
  DecideOutcome,
  PendingRequestView,
  RuleStanding,
} from '../../../common/queue-contract';
import type {
  ActivityCallView,
  HistoryEntryView,
  SessionSummaryView,
} from '../../../common/history-contract';
import type { CodexProgram } from '../../../main/rules/codex/exec-policy-check';
import { startTestCore } from '../../support/test-core';
import { ACTIVITY_WORKER, PROPOSALS_WORKER } from '../../../main/core/console-core';
import type { ConsoleCore } from '../../../main/core/console-core';
import type { ResolvedEvent } from '../../../main/registry/race-registry';
import type { AgentToolEvent } from '../../../common/agent-tool-events';

export interface LiveConsole {
  readonly port: number;
  readonly registry: ConsoleCore['registry'];
  /** The console's handlers, as a window calls them. */
  readonly service: ConsoleCore['service'];
  /** The agents' own tool events the console received over OTLP, each with when it arrived. */
  readonly agentEvents: readonly (AgentToolEvent & { readonly receivedAt: number })[];
  /** The first agent tool event, received or still to come, that `match` accepts. */
  agentEvent(
    match: (event: AgentToolEvent) => boolean,
  ): Promise<AgentToolEvent & { readonly receivedAt: number }>;
  readonly cards: readonly PendingRequestView[];
  readonly resolved: readonly ResolvedEvent[];
  /** The first card shown after this call. */
  nextCard(): Promise<PendingRequestView>;
  untilResolved(id: string): Promise<ResolvedEvent>;
  /** What the card's grant panel asks: whether a session grant of `rule` would answer the request. */
  standing(id: string, rule: string): Promise<RuleStanding>;
  /** Answers as a person in the web console does, by the console's own handler. */
  decide(args: DecideArgs): Promise<DecideOutcome>;
  /** A session's tool calls as the agent reported them, read by the history browser's own handler. */
  activity(sessionId: string): Promise<readonly ActivityCallView[]>;
  /** History's sessions, newest first. */
  sessions(): Promise<readonly SessionSummaryView[]>;
  /** One recorded request as history reads it back, by the history browser's own handler. */
  historyEntry(sessionId: string, id: string): Promise<HistoryEntryView | undefined>;
  close(): Promise<void>;
}

/**
 * Gatehouse's classifier with these classes enabled, in the sandbox's settings.json, for the console the
 * case starts next (the classifier reads its settings at start).
 */
export async function enableClassifier(
  sandbox: { readonly gatehouseHome: string },
  classes: readonly ClassifierClass[],
): Promise<void> {
  await mkdir(sandbox.gatehouseHome, { recursive: true, mode: 0o700 });
  await writeFile(join(sandbox.gatehouseHome, 'settings.json'), JSON.stringify({ classifier: { classes } }), {
    mode: 0o600,
  });
}

export async function startLiveConsole(
  sandbox: { readonly gatehouseHome: string; readonly home: string },
  options: {
    readonly codex?: CodexProgram;
    /** `remembered`: the port `gatehouse install` reserved, where the agent's telemetry goes. */
    readonly port?: number | 'remembered';
  } = {},
): Promise<LiveConsole> {
  const core = await startTestCore({
    home: sandbox.gatehouseHome,
    userHome: sandbox.home,
    port: 0,
    timeoutMs: 120_000,
    timeoutAction: 'passthrough',
    // Rule proposals worked out where the app and `gatehouse serve` work them out: the built worker.
    proposalsWorker: pathToFileURL(resolve(`out/cli/${PROPOSALS_WORKER}.mjs`)),
    // The agents' telemetry kept where the app and `gatehouse serve` keep it: the built activity worker.
    activityWorker: pathToFileURL(resolve(`out/cli/${ACTIVITY_WORKER}.mjs`)),
    ...options,
  });
  const agentEvents: (AgentToolEvent & { readonly receivedAt: number })[] = [];
  core.agentEvents.subscribe((events) => {
    const receivedAt = Date.now();
    for (const event of events) agentEvents.push({ ...event, receivedAt });
  });
  const cards: PendingRequestView[] = [];
  const resolved: ResolvedEvent[] = [];
  core.registry.added.subscribe((view) => cards.push(view));
  core.registry.resolved.subscribe((event) => resolved.push(event));
  return {
    port: core.port,
    registry: core.registry,
    service: core.service,
    agentEvents,
    agentEvent(match) {
      const found = agentEvents.find(match);
      if (found) return Promise.resolve(found);
      return new Promise((done) => {
        const off = core.agentEvents.subscribe(() => {
          const event = agentEvents.find(match);
          if (!event) return;
          off();
          done(event);
        });
      });
    },
    cards,
    resolved,
    nextCard() {
      return new Promise((done) => {
        const off = core.registry.added.subscribe((view) => {
          off();
          done(view);
        });
      });
    },
    untilResolved(id) {
      const event = resolved.find((each) => each.id === id);
      if (event) return Promise.resolve(event);
      return new Promise((done) => {
        const off = core.registry.resolved.subscribe((each) => {
          if (each.id !== id) return;
          off();
          done(each);
        });
      });
    },
    standing: async (id, rule) => {
      const said = await core.service.handlers['queue:rule-standing'](
        { id, rule, placement: 'session' },
        { id: 'test', channel: 'web' },
      );
      if (!said.ok) throw new Error(said.error.message);
      return said.value;
    },
    decide: async (args) => {
      const said = await core.service.handlers['queue:decide'](args, { id: 'test', channel: 'web' });
      if (!said.ok) throw new Error(said.error.message);
      return said.value;
    },
    activity: async (sessionId) => {
      const page = await core.service.handlers['history:activity'](
        { sessionId, limit: 200 },
        { id: 'test', channel: 'web' },
      );
      if (!page.ok) throw new Error(page.error.message);
      return page.value.calls;
    },
    sessions: async () => {
      const page = await core.service.handlers['history:sessions'](
        { limit: 50 },
        { id: 'test', channel: 'web' },
      );
      if (!page.ok) throw new Error(page.error.message);
      return page.value.sessions;
    },
    historyEntry: async (sessionId, id) => {
      const page = await core.service.handlers['history:requests'](
        { filter: { sessionId }, limit: 50 },
        { id: 'test', channel: 'web' },
      );
      if (!page.ok) throw new Error(page.error.message);
      return page.value.entries.find((entry) => entry.request.id === id);
    },
    close: () => core.close(),
  };
}
