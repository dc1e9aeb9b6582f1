/**
 * One pass of rule proposals: history's last questions and dismissals, today's settings of each folder, and
 * the pure proposal logic (main/rules/proposals/propose.ts). The console runs it in its proposals worker
 * (proposals-worker.ts), so the engine trying every candidate on thousands of questions never holds up a
 * decision; a console without that worker (tests in one process) runs it inline.
 */
import type { ProposalView } from '../../common/proposals-contract';
import { PROPOSAL_THRESHOLDS } from '../../common/proposals-contract';
import type { BashSupport, ToolPermissionContext } from '../../engine';
import type { ProposalHistory } from '../history/proposal-history';
import { locationOf, projectLocations } from '../rules/editor/project-folder';
import type { ProjectScope } from '../rules/editor/project-folder';
import { readProjectRules } from '../rules/editor/rules-snapshot';
import { PROPOSING_AGENTS, proposeRules } from '../rules/proposals/propose';
import { judgeRule } from '../rules/rule-standing';

/** The questions read across every project: enough for the window of several busy ones. */
const QUESTIONS_READ = PROPOSAL_THRESHOLDS.window * 4;

export interface WorkOutDeps {
  readonly history: Pick<ProposalHistory, 'pastQuestions' | 'dismissals'>;
  readonly bash: BashSupport;
  readonly scope: ProjectScope;
}

export async function workOutProposals(deps: WorkOutDeps, now: number): Promise<ProposalView[]> {
  const questions = deps.history.pastQuestions(PROPOSING_AGENTS, QUESTIONS_READ);
  const dismissed = new Set(deps.history.dismissals().map(({ cwd, rule }) => `${cwd}\0${rule}`));
  // Today's settings of each folder: a rule an ask or deny rule outranks, or one already there, is no proposal.
  const contexts = new Map<string, ToolPermissionContext | undefined>();
  for (const cwd of new Set(questions.map((q) => q.cwd))) {
    try {
      contexts.set(cwd, (await readProjectRules(cwd, deps.scope)).context);
    } catch {
      // A folder gone or unreadable, or rules the engine would not load: nothing is proposed there.
      contexts.set(cwd, undefined);
    }
  }
  return proposeRules({
    questions,
    now,
    bash: deps.bash,
    home: deps.scope.home,
    place: {
      dismissed: (cwd, rule) => dismissed.has(`${cwd}\0${rule}`),
      stands: (cwd, rule, call) => {
        const context = contexts.get(cwd);
        return (
          context !== undefined && judgeRule(context, call, rule, 'localSettings', deps.bash).kind === 'wins'
        );
      },
      fileFor: (cwd) => locationOf(projectLocations(cwd, deps.scope), 'localSettings')!.file,
    },
  });
}
