import { beforeAll, describe, expect, it } from 'vitest';
import { loadInstalledBashSupport } from '../../engine/node';
import { createPermissionContext, parseSettingsText } from '../../engine';
import type { BashSupport } from '../../engine';
import type { RulePlacement } from '../../common/queue-contract';
import { ruleStanding, standingSentence } from './rule-standing';

let bash: BashSupport;
beforeAll(async () => {
  bash = await loadInstalledBashSupport();
});

const PROJECT_FILE = '/p/.claude/settings.json';
const context = (permissions: Record<string, string[]>) => {
  const parsed = parseSettingsText(JSON.stringify({ permissions }), PROJECT_FILE);
  if (!parsed.ok) throw new Error(parsed.error);
  return createPermissionContext({
    cwd: '/p',
    home: '/h',
    settings: [
      {
        source: 'projectSettings',
        file: PROJECT_FILE,
        anchorDir: '/p',
        exists: true,
        settings: parsed.settings,
      },
    ],
  });
};

const standing = (
  command: string,
  rule: string,
  options: { placement?: RulePlacement; candidates?: string[] } = {},
) =>
  ruleStanding({
    context: context({ allow: ['Bash(npm test *)'], ask: ['Bash(git push *)'], deny: ['Read(./.env)'] }),
    call: { toolName: 'Bash', input: { command } },
    rule,
    placement: options.placement ?? 'session',
    candidates: options.candidates ?? [],
    bash,
  });

describe('ruleStanding', () => {
  it('a rule that matches and meets no earlier rule wins', () => {
    expect(standing('npm run lint', 'Bash(npm run lint *)')).toEqual({ wins: true, warnings: [] });
  });

  it('an ask rule outranks a grant: it names the rule and its file', () => {
    const result = standing('git push origin main', 'Bash(git push origin main)');
    expect(result).toMatchObject({
      wins: false,
      why: 'outranked',
      by: { text: 'Bash(git push *)', behavior: 'ask', source: 'projectSettings', file: PROJECT_FILE },
      instead: [],
    });
    if (result.wins) throw new Error('unreachable');
    expect(standingSentence('Bash(git push origin main)', result)).toBe(
      `Bash(git push origin main) would not answer this request: the ask rule Bash(git push *) from ` +
        `project settings (${PROJECT_FILE}) is consulted before any allow rule. Allow once, or change that rule.`,
    );
  });

  it('an always-allow rule the Rules view calls "can never apply" carries that very warning', () => {
    const result = standing('git push origin main', 'Bash(git push *)', { placement: 'localSettings' });
    expect(result.wins).toBe(false);
    expect(result.warnings).toEqual([
      expect.objectContaining({ kind: 'shadowed', message: expect.stringContaining('can never apply') }),
    ]);
  });

  it('a rule for the part already allowed names the subcommand it leaves out and offers one that covers it', () => {
    const result = standing('npm test && make deploy', 'Bash(npm test *)', {
      candidates: ['Bash(npm test *)', 'Bash(make deploy)'],
    });
    expect(result).toMatchObject({
      wins: false,
      why: 'no-match',
      uncovered: ['make deploy'],
      instead: ['Bash(make deploy)'],
    });
  });

  it('a request the rules already allow needs no rule, and says which allows it', () => {
    expect(standing('npm test', 'Bash(npm test)')).toMatchObject({
      wins: false,
      why: 'already-allowed',
      by: { text: 'Bash(npm test *)' },
    });
  });

  it('a rule for another tool does not match', () => {
    expect(standing('ls', 'Read')).toMatchObject({ wins: false, why: 'no-match', instead: [] });
  });

  it('an unparsable rule says why', () => {
    expect(standing('ls', 'Bash(')).toMatchObject({ wins: false, why: 'invalid' });
  });

  it('a broad rule carries the rule editor warning', () => {
    const result = standing('make', 'Bash(*)', { placement: 'localSettings' });
    expect(result.wins).toBe(true);
    expect(result.warnings.map((w) => w.kind)).toContain('broad-allow');
  });

  it('a rule that matches a command writing outside the working directories says so, and names the folder', () => {
    const result = standing('touch /notes/todo.md', 'Bash(touch *)');
    expect(result).toMatchObject({
      wins: false,
      why: 'outside',
      detail: '/notes/todo.md',
      folder: '/notes',
    });
    if (result.wins) throw new Error('unreachable');
    expect(standingSentence('Bash(touch *)', result)).toContain('matches this request but cannot answer it');
  });

  it('a rule that would not match even inside the folder still says it does not match', () => {
    expect(standing('touch /notes/todo.md', 'Bash(rm *)')).toMatchObject({ wins: false, why: 'no-match' });
  });
});
