import type { RuleExamples, RulesSnapshot, SaveOutcome } from '../../../common/rules-contract';
import type {
  ConsoleApi,
  ConsoleStatus,
  EventChannel,
  EventPayloads,
  GrantView,
  InvokeChannel,
  Result,
  RulePreview,
} from '../../../common/console-contract';
import type {
  DecideArgs,
  EditPreview,
  PendingRequestView,
  RuleStanding,
} from '../../../common/queue-contract';
import { createFakeHistory } from './fake-history';
import type { FakeHistoryData } from './fake-history';
import { createFakePhone } from './fake-phone';
import type { PhoneState } from '../../../common/phone-contract';
import { DEFAULT_CLASSIFIER_SETTINGS } from '../../../common/classifier-contract';
import type { ClassifierState, ClassifierSettings } from '../../../common/classifier-contract';
import { DEFAULT_DECISION_EXPORT_SETTINGS } from '../../../common/export-contract';
import type { DecisionExportSettings, DecisionExportState } from '../../../common/export-contract';

type ClassifierInvokeArgs = { readonly settings: ClassifierSettings };
import type { ProposalsState } from '../../../common/proposals-contract';
import type { Refusal } from '../../../common/refusals';

/** A ConsoleApi whose main process is a list in memory: what the store and components are tested against. */
export function createFakeConsoleApi(
  initial: PendingRequestView[] = [],
  options: {
    status?: ConsoleStatus;
    diff?: EditPreview;
    preview?: RulePreview;
    /** What the engine says of every rule made at a card; by default that it answers the request. */
    standing?: RuleStanding;
    /** The desktop app, where each view has a window of its own. */
    windows?: boolean;
    history?: FakeHistoryData;
    phone?: Partial<PhoneState>;
    proposals?: ProposalsState;
  } = {},
) {
  const history = createFakeHistory(options.history);
  let pending = [...initial];
  let grants: GrantView[] = [];
  let proposals: ProposalsState = options.proposals ?? { enabled: true, available: true, proposals: [] };
  const proposalsChanged = (next: ProposalsState) => {
    proposals = next;
    emit('proposals:changed', next);
    return ok(next);
  };
  const listeners = new Map<EventChannel, Set<(payload: never) => void>>();
  const calls: Array<{ channel: InvokeChannel; args: unknown }> = [];
  const emit = <E extends EventChannel>(channel: E, payload: EventPayloads[E]) =>
    listeners.get(channel)?.forEach((l) => l(payload as never));
  const ok = (value: unknown) => ({ ok: true, value }) as Result<never>;
  const phone = createFakePhone((state) => emit('phone:changed', state), options.phone);
  let classifier: ClassifierState = { settings: DEFAULT_CLASSIFIER_SETTINGS };
  let decisionExport: DecisionExportState = { settings: DEFAULT_DECISION_EXPORT_SETTINGS };

  // The rule editor's folder and how its saves are answered (setRules, answerSaves).
  let rulesSnapshot: RulesSnapshot | undefined;
  let saveOutcome: SaveOutcome = { status: 'saved', merged: false };
  let saveRefusal: Refusal | undefined;
  const api: ConsoleApi = {
    async invoke(channel, args) {
      calls.push({ channel, args });
      switch (channel) {
        case 'queue:list':
          return ok(pending);
        case 'queue:viewing':
          return ok({ held: true });
        case 'grants:list':
          return ok(grants);
        case 'grants:revoke': {
          const { id } = args as { id: string };
          grants = grants.filter((g) => g.id !== id);
          emit('grants:changed', grants);
          return ok({ revoked: true });
        }
        case 'console:status':
          return ok(options.status ?? { version: '0.1.0', tokenStorage: 'keychain', warnings: [] });
        case 'console:show-view':
          return ok({ shown: options.windows ?? false });
        case 'console:rotate-token':
          return ok({ version: '0.1.0', tokenStorage: 'keychain', warnings: [] });
        case 'queue:diff':
          return ok(options.diff ?? { kind: 'unavailable', reason: 'no file' });
        case 'queue:rule-standing':
          return ok(options.standing ?? { wins: true, warnings: [] });
        case 'rules:preview':
          return ok(
            options.preview ?? { valid: true, matched: 3, examined: 10, examples: ['Bash: npm test'] },
          );
        // The rule editor: one folder's snapshot, saves answered as configured, examples that all pass.
        case 'rules:load': {
          const { cwd } = args as { cwd: string };
          if (rulesSnapshot?.cwd === cwd) return ok(rulesSnapshot);
          const message = `The folder ${cwd} does not exist; choose an existing project folder.`;
          return {
            ok: false,
            error: { code: 'folder-missing', message, params: { folder: cwd } },
          } as Result<never>;
        }
        case 'rules:folders':
          return ok(['/home/dev/projects/shop']);
        case 'rules:save':
          return saveRefusal ? ({ ok: false, error: saveRefusal } as Result<never>) : ok(saveOutcome);
        case 'rules:try-examples':
        case 'rules:set-examples': {
          const { examples } = args as { examples: RuleExamples };
          return ok([
            ...examples.match.map((text) => ({ text, expected: 'match', passed: true })),
            ...examples.noMatch.map((text) => ({
              text,
              expected: 'noMatch',
              passed: !text.includes('fail'),
            })),
          ]);
        }
        case 'rules:check':
          return ok({
            behavior: 'deny',
            step: '1a',
            reason: {
              type: 'rule',
              message: 'Denied by a rule.',
              rule: {
                text: 'Bash(rm *)',
                behavior: 'deny',
                source: 'projectSettings',
                file: '/p/.claude/settings.json',
                index: 0,
              },
            },
            nearMisses: [],
          });
        case 'queue:decide': {
          const decision = args as DecideArgs;
          if (!pending.some((r) => r.id === decision.id)) return ok({ won: false, winner: 'timeout' });
          pending = pending.filter((r) => r.id !== decision.id);
          emit('queue:changed', {
            kind: 'resolved',
            id: decision.id,
            behavior: decision.behavior,
            by: 'console',
          });
          return ok({ won: true });
        }
        case 'history:sessions':
        case 'history:requests':
        case 'history:export':
        case 'history:retention':
        case 'history:set-retention':
        case 'history:purge':
        case 'history:activity-sessions':
        case 'history:activity':
        case 'history:activity-export':
        case 'history:activity-search':
          return history.invoke(channel, args) as Result<never>;
        case 'phone:state':
        case 'phone:connect':
        case 'phone:pair':
        case 'phone:cancel-pairing':
        case 'phone:test':
        case 'phone:disconnect':
        case 'phone:configure':
        case 'phone:away':
          return phone.invoke(channel, args);
        case 'classifier:state':
          return ok(classifier);
        case 'classifier:configure':
          classifier = { ...classifier, settings: (args as ClassifierInvokeArgs).settings };
          return ok(classifier);
        case 'classifier:set-key':
          classifier = { ...classifier, keyStorage: 'keychain' };
          return ok(classifier);
        case 'classifier:forget-key':
          classifier = { settings: classifier.settings };
          return ok(classifier);
        case 'classifier:make-rule':
          return ok({ rule: 'Bash(ls -la)', file: '/home/ana/shop/.agent/settings.local.json' });
        case 'export:state':
          return ok(decisionExport);
        case 'export:configure':
          decisionExport = {
            ...decisionExport,
            settings: (args as { settings: DecisionExportSettings }).settings,
          };
          return ok(decisionExport);
        case 'export:set-secret':
          decisionExport = { ...decisionExport, secretStorage: 'keychain' };
          return ok(decisionExport);
        case 'export:forget-secret':
          decisionExport = { settings: decisionExport.settings };
          return ok(decisionExport);
        // Apply and dismiss both take the proposal off the list, as main does once it is saved or dismissed.
        case 'proposals:list':
          return ok(proposals);
        case 'proposals:apply':
        case 'proposals:dismiss': {
          const { cwd, rule } = args as { cwd: string; rule: string };
          const rest = proposals.proposals.filter((p) => p.cwd !== cwd || p.rule !== rule);
          return proposalsChanged({ ...proposals, proposals: rest });
        }
        case 'proposals:configure':
          return proposalsChanged({ ...proposals, enabled: (args as { enabled: boolean }).enabled });
      }
    },
    on(channel, listener) {
      const set = listeners.get(channel) ?? new Set();
      set.add(listener as never);
      listeners.set(channel, set);
      return () => set.delete(listener as never);
    },
  };
  return {
    api,
    calls,
    decisions: () => calls.filter((c) => c.channel === 'queue:decide').map((c) => c.args as DecideArgs),
    add(request: PendingRequestView) {
      pending.push(request);
      emit('queue:changed', { kind: 'added', request });
    },
    resolveElsewhere(
      id: string,
      by: 'timeout' | 'agent' | 'notification' | 'session',
      behavior: 'allow' | 'deny' | 'passthrough',
      message?: string,
    ) {
      pending = pending.filter((r) => r.id !== id);
      emit('queue:changed', { kind: 'resolved', id, behavior, by, ...(message ? { message } : {}) });
    },
    history,
    phone,
    historyChanged: (parts: { requests: boolean; activity: boolean } = { requests: true, activity: true }) =>
      emit('history:changed', { at: Date.now(), ...parts }),
    setGrants(list: GrantView[]) {
      grants = list;
      emit('grants:changed', list);
    },
    /** What the desktop app sends a window when a notification's or the tray's "Open" names a request. */
    reveal(id: string) {
      emit('queue:reveal', { id });
    },
    /** What the desktop app sends the rule editor's window when Always allow asks for a folder. */
    showFolder(cwd: string) {
      emit('rules:show-folder', { cwd });
    },
    /** The folder the rule editor will find. */
    setRules(snapshot: RulesSnapshot) {
      rulesSnapshot = snapshot;
    },
    answerSaves(outcome: SaveOutcome) {
      saveOutcome = outcome;
    },
    /** Main refuses every save, as it does a broken file or a folder that is gone. */
    refuseSaves(refusal: Refusal) {
      saveRefusal = refusal;
    },
    /** Another window or process changed the folder's settings. */
    changeRules(snapshot: RulesSnapshot) {
      rulesSnapshot = snapshot;
      emit('rules:changed', { folders: [snapshot.cwd] });
    },
  };
}

export function pendingRequest(id: string, overrides: Partial<PendingRequestView> = {}): PendingRequestView {
  return {
    id,
    sessionId: 'session-1',
    agent: { name: 'claude-code' },
    cwd: '/home/dev/projects/shop',
    tool: 'Bash',
    input: { command: 'npm run build && npm test', description: 'Build and test' },
    mode: 'default',
    receivedAt: 1_000,
    explanation: {
      behavior: 'ask',
      step: '3',
      reason: { type: 'default', message: 'No rule matched: nothing covers it.' },
      nearMisses: [],
      risk: 'read-only',
      needsSecondLook: false,
      suggestedRules: ['Bash(npm run build *)'],
    },
    ...overrides,
  };
}

/** A request the engine calls destructive: it needs a second look. */
export function dangerousRequest(
  id: string,
  overrides: Partial<PendingRequestView> = {},
): PendingRequestView {
  const base = pendingRequest(id, { input: { command: 'rm -rf build' } });
  return {
    ...base,
    explanation: { ...base.explanation!, risk: 'destructive', needsSecondLook: true },
    ...overrides,
  };
}
