import type { ListedRuleView } from '../../../common/rules-contract';

/** The project's settings file of the tests' project, /home/dev/projects/shop. */
const PROJECT_SETTINGS = '/home/dev/projects/shop/.claude/settings.json';

/** A rule as the Rules view lists it: an allow in the project's settings, first in order, without warnings. */
export function listedRule(overrides: Partial<ListedRuleView> = {}): ListedRuleView {
  const text = overrides.text ?? 'Bash(npm test *)';
  return {
    text,
    stored: text,
    behavior: 'allow',
    source: 'projectSettings',
    file: PROJECT_SETTINGS,
    index: 0,
    order: 1,
    locked: false,
    warnings: [],
    examples: { match: [], noMatch: [] },
    verdicts: [],
    ...overrides,
  };
}
