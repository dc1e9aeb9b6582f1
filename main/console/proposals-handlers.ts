/**
 * The Suggestions view's handlers (common/proposals-contract.ts): the rules history proposes, applied
 * through the rule editor's own save, dismissed for good, and the switch that turns proposals off.
 */
import type { ConsoleHandlers, Result } from '../../common/console-contract';
import type { ProposalsInvokeChannel, ProposalsState, ProposalView } from '../../common/proposals-contract';
import { refusal } from '../../common/refusals';
import { guarded } from '../../common/guarded';
import { createSignal } from '../../common/signal';
import type { Signal } from '../../common/signal';
import type { BashSupport } from '../../engine';
import type { ProposalHistory } from '../history/proposal-history';
import type { ProjectScope } from '../rules/editor/project-folder';
import type { RulesHandlers } from './rules-handlers';
import { workOutProposals } from './work-out-proposals';

export interface ProposalsService {
  readonly handlers: Pick<ConsoleHandlers, ProposalsInvokeChannel>;
  readonly changed: Signal<ProposalsState>;
  /** History or a settings file changed: the list is worked out anew soon, and pushed. */
  invalidate(): void;
  close(): void;
}

export interface ProposalsDeps {
  /** Absent when the console keeps no history (a test's own decision store). */
  readonly history: ProposalHistory | undefined;
  readonly bash: BashSupport;
  readonly scope: ProjectScope;
  readonly enabled: boolean;
  /** Writes `proposals.enabled` into Gatehouse's settings.json. */
  readonly saveEnabled: (enabled: boolean) => Promise<void>;
  /** The rule editor's handlers: Apply saves through its `rules:save`, as a person adding the rule would. */
  readonly rules: Pick<RulesHandlers, 'rules:save'>;
  readonly now: () => number;
  /**
   * Works the list out off the console's thread (proposals-thread.ts); without it (a console in one test
   * process) it is worked out inline from `history`.
   */
  readonly workOut?: (now: number) => Promise<ProposalView[]>;
}

/**
 * Proposals are worked out at most this often when history or a settings file changes (a busy console
 * changes history every moment, and each time the engine tries every candidate on every question); an
 * apply, a dismissal or the switch works them out at once. Each new list is pushed as `proposals:changed`.
 */
const RECOMPUTE_MS = 5_000;

export function createProposalsService(deps: ProposalsDeps): ProposalsService {
  const changed = createSignal<ProposalsState>();
  let enabled = deps.enabled;
  let cached: Promise<ProposalView[]> | undefined;
  let computedAt = -Infinity;
  let stale = false;
  // A pass still running when the console closes ends with its worker: that is the close, not a failure.
  let closed = false;
  let timer: ReturnType<typeof setTimeout> | undefined;

  function proposals(): Promise<ProposalView[]> {
    const history = deps.history;
    if (!enabled || history === undefined) return Promise.resolve([]);
    if (cached === undefined) {
      computedAt = deps.now();
      stale = false;
      const computing = deps.workOut
        ? deps.workOut(deps.now())
        : workOutProposals({ history, bash: deps.bash, scope: deps.scope }, deps.now());
      cached = computing;
      computing.catch(() => (cached = undefined));
    }
    return cached;
  }

  /** History or a settings file changed: a new list once the last is old enough, pushed to every view. */
  function invalidate(): void {
    stale = true;
    if (timer !== undefined) return;
    timer = setTimeout(
      () => {
        timer = undefined;
        if (!stale) return;
        cached = undefined;
        state().then(
          (next) => next.ok && changed.emit(next.value),
          (error: unknown) =>
            closed ||
            guarded('working out rule proposals', () => {
              throw error;
            }),
        );
      },
      Math.max(0, computedAt + RECOMPUTE_MS - deps.now()),
    );
    timer.unref?.();
  }

  async function state(): Promise<Result<ProposalsState>> {
    return {
      ok: true,
      value: { enabled, available: deps.history !== undefined, proposals: await proposals() },
    };
  }

  /** After a person's action: worked out anew at once, and pushed to every view. */
  async function changedState(): Promise<Result<ProposalsState>> {
    cached = undefined;
    const next = await state();
    if (next.ok) changed.emit(next.value);
    return next;
  }

  const gone = (cwd: string, rule: string): Result<ProposalsState> => ({
    ok: false,
    error: refusal(
      'proposal-gone',
      `${rule} is no longer proposed for ${cwd}; the list shows what is proposed now.`,
      { rule, folder: cwd },
    ),
  });

  const handlers: ProposalsService['handlers'] = {
    'proposals:list': () => state(),
    'proposals:apply': async ({ cwd, rule }, caller) => {
      if (!(await proposals()).some((p) => p.cwd === cwd && p.rule === rule)) return gone(cwd, rule);
      const saved = await deps.rules['rules:save'](
        {
          cwd,
          edit: { kind: 'add', to: { source: 'localSettings', behavior: 'allow' }, rule },
          versions: {},
        },
        caller,
      );
      if (!saved.ok) return saved;
      if (saved.value.status === 'conflict') {
        const { status: _status, ...conflict } = saved.value;
        return { ok: false, error: conflict };
      }
      return changedState();
    },
    'proposals:dismiss': ({ cwd, rule }) => {
      deps.history?.dismiss({ cwd, rule }, deps.now());
      return changedState();
    },
    'proposals:configure': async ({ enabled: next }) => {
      try {
        await deps.saveEnabled(next);
      } catch (error) {
        return { ok: false, error: refusal('settings-not-saved', (error as Error).message) };
      }
      enabled = next;
      return changedState();
    },
  };
  return {
    handlers,
    changed,
    invalidate,
    close: () => {
      closed = true;
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
    },
  };
}
