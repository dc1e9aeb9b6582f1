/**
 * The console's handlers, written once and served by both transports (Electron IPC in main/app/, the web
 * console in main/web/). A person answering here is the `console` racer.
 */
import { refusal, withPhrase } from '../../common/refusals';
import type { Caller, ConsoleHandlers, ConsoleStatus, EventPayloads } from '../../common/console-contract';
import type { QueueEvent, RulePlacement, RuleStanding } from '../../common/queue-contract';
import type { AgentInfo, PermissionRequest } from '../../common/protocol';
import type { View } from '../../common/console-views';
import { createSignal } from '../../common/signal';
import { canCarry, takesAnswer } from '../../common/agent-answers';
import type { RulesService } from './rules-handlers';
import type { RaceRegistry } from '../registry/race-registry';
import { previewEdit } from '../preview/edit-preview';
import type { GrantBook } from '../rules/grant-book';
import { standingSentence } from '../rules/rule-standing';
import type { RulePreview } from '../../common/console-contract';
import type { HistoryChanges } from './history-changes';
import type { HistoryHandlers } from './history-handlers';
import type { ProposalsService } from './proposals-handlers';
import type { PhoneInvokeChannel, PhoneState } from '../../common/phone-contract';
import type { ClassifierInvokeChannel } from '../../common/classifier-contract';
import type { ExportInvokeChannel } from '../../common/export-contract';
import type { Signal } from '../../common/signal';

export interface ConsoleService {
  readonly handlers: ConsoleHandlers;
  subscribe(
    listener: <E extends keyof EventPayloads>(channel: E, payload: EventPayloads[E]) => void,
  ): () => void;
  /** A window or web client went away: whatever it held open is released. */
  disconnect(caller: Caller): void;
}

export interface ConsoleServiceDeps {
  readonly registry: RaceRegistry;
  readonly grants: GrantBook;
  readonly standing: (
    request: PermissionRequest,
    agent: AgentInfo,
    rule: string,
    placement: RulePlacement,
  ) => Promise<RuleStanding>;
  readonly previewRule: (rule: string, cwd: string) => RulePreview;
  readonly rules: RulesService;
  readonly status: () => ConsoleStatus;
  readonly rotateToken: () => Promise<ConsoleStatus>;
  /** The desktop app's windows, one per view; absent when the console runs headless. */
  readonly showView?: (view: View, options: { readonly cwd?: string; readonly rule?: string }) => void;
  readonly history: HistoryHandlers;
  readonly historyChanges: HistoryChanges;
  readonly phone: {
    readonly handlers: Pick<ConsoleHandlers, PhoneInvokeChannel>;
    readonly changed: Signal<PhoneState>;
  };
  readonly classifier: Pick<ConsoleHandlers, ClassifierInvokeChannel>;
  readonly proposals: ProposalsService;
  readonly decisionExport: Pick<ConsoleHandlers, ExportInvokeChannel>;
}

export function createConsoleService({
  registry,
  grants,
  standing,
  previewRule,
  rules,
  status,
  rotateToken,
  showView,
  history,
  historyChanges,
  phone,
  classifier,
  proposals,
  decisionExport,
}: ConsoleServiceDeps): ConsoleService {
  const queueChanged = createSignal<QueueEvent>();
  registry.added.subscribe((request) => queueChanged.emit({ kind: 'added', request }));
  registry.updated.subscribe((request) => queueChanged.emit({ kind: 'updated', request }));
  registry.resolved.subscribe((resolved) => queueChanged.emit({ kind: 'resolved', ...resolved }));
  // A request is in history from its arrival (pending) and again once decided.
  registry.added.subscribe(() => historyChanges.notify('requests'));
  registry.resolved.subscribe(() => historyChanges.notify('requests'));

  const unknown = (id: string) =>
    ({
      ok: false,
      error: { code: 'unknown-request', message: `No request with id "${id}" is waiting.` },
    }) as const;

  return {
    handlers: {
      'queue:list': () => ({ ok: true, value: registry.pending() }),
      'queue:decide': async (args, caller) => {
        // An answer the agent cannot be given is refused here, before it is recorded as the person's.
        const found = registry.lookup(args.id);
        const asked = found?.request;
        if (asked && !canCarry(asked.options, args))
          return {
            ok: false,
            error: {
              code: 'bad-option',
              message: `The agent did not offer this answer to ${args.behavior}; choose one of the card's own buttons, or answer in the editor.`,
            },
          };
        if (found && !takesAnswer({ ...found.request, agent: found.agent }, args))
          return {
            ok: false,
            error: {
              code: 'bad-option',
              message: `${found.agent.name} cannot take an edited input, lasting rules or a stop of its turn; choose one of the card's own buttons.`,
            },
          };
        if (args.behavior === 'allow' && args.grant) {
          const pending = registry.lookup(args.id);
          if (!pending) return unknown(args.id);
          // A grant that would not answer this very request would sit "used 0 times" while the agent asks again.
          const judged = await standing(pending.request, pending.agent, args.grant.rule, 'session');
          if (!judged.wins)
            return {
              ok: false,
              error:
                judged.why === 'invalid'
                  ? withPhrase(
                      refusal('bad-rule', standingSentence(args.grant.rule, judged), {
                        rule: args.grant.rule,
                        detail: judged.detail ?? '',
                      }),
                      'detail',
                      judged.detailPhrase,
                    )
                  : refusal('grant-cannot-win', standingSentence(args.grant.rule, judged), {
                      rule: args.grant.rule,
                    }),
            };
          const added = grants.add({
            rule: args.grant.rule,
            duration: args.grant.duration,
            sessionId: pending.request.sessionId,
            cwd: pending.request.cwd,
            agent: pending.agent.name,
            mcpServer: pending.request.mcpServer,
          });
          if (!added.ok)
            return {
              ok: false,
              error: withPhrase(
                refusal('bad-rule', added.error, { rule: args.grant.rule, detail: added.error }),
                'detail',
                added.errorPhrase,
              ),
            };
        }
        const answer =
          args.behavior === 'allow'
            ? {
                behavior: 'allow' as const,
                ...(args.updatedInput ? { updatedInput: args.updatedInput } : {}),
                ...(args.updatedPermissions ? { updatedPermissions: args.updatedPermissions } : {}),
                ...(args.optionId ? { optionId: args.optionId } : {}),
              }
            : {
                behavior: 'deny' as const,
                ...(args.message ? { message: args.message } : {}),
                ...(args.interrupt ? { interrupt: true } : {}),
                ...(args.optionId ? { optionId: args.optionId } : {}),
              };
        const result = registry.decide(args.id, 'console', answer, caller.channel);
        if ('unknown' in result) return unknown(args.id);
        // "Won" tells the person their answer stands: only once it is recorded and on its way.
        if (result.won) await registry.durable();
        return { ok: true, value: result };
      },
      'queue:viewing': ({ id, viewing }, caller) => {
        if (!viewing) {
          registry.release(id, caller.id);
          return { ok: true, value: { held: false } };
        }
        return { ok: true, value: { held: registry.hold(id, caller.id) } };
      },
      'queue:diff': async ({ id }) => {
        const pending = registry.lookup(id);
        if (!pending) return unknown(id);
        return { ok: true, value: await previewEdit(pending.request) };
      },
      'queue:rule-standing': async ({ id, rule, placement }) => {
        const pending = registry.lookup(id);
        if (!pending) return unknown(id);
        return { ok: true, value: await standing(pending.request, pending.agent, rule, placement) };
      },
      'grants:list': () => ({ ok: true, value: grants.list() }),
      'grants:revoke': ({ id }) => ({ ok: true, value: { revoked: grants.revoke(id) } }),
      'rules:preview': ({ rule, cwd }) => ({ ok: true, value: previewRule(rule, cwd) }),
      ...rules.handlers,
      'console:status': () => ({ ok: true, value: status() }),
      'console:rotate-token': async () => ({ ok: true, value: await rotateToken() }),
      'console:show-view': ({ view, cwd, rule }, caller) => {
        if (caller.channel !== 'window' || !showView) return { ok: true, value: { shown: false } };
        showView(view, { ...(cwd === undefined ? {} : { cwd }), ...(rule === undefined ? {} : { rule }) });
        return { ok: true, value: { shown: true } };
      },
      ...history,
      ...phone.handlers,
      ...classifier,
      ...proposals.handlers,
      ...decisionExport,
    },
    subscribe(listener) {
      const offRules = rules.subscribe(listener);
      const offQueue = queueChanged.subscribe((event) => listener('queue:changed', event));
      const offGrants = grants.changed.subscribe((list) => listener('grants:changed', list));
      const offHistory = historyChanges.changed.subscribe((change) => listener('history:changed', change));
      const offPhone = phone.changed.subscribe((state) => listener('phone:changed', state));
      const offProposals = proposals.changed.subscribe((state) => listener('proposals:changed', state));
      return () => {
        offProposals();
        offPhone();
        offRules();
        offQueue();
        offGrants();
        offHistory();
      };
    },
    disconnect: (caller) => registry.releaseHolder(caller.id),
  };
}
