import { beforeAll, describe, expect, it } from 'vitest';
import { loadInstalledBashSupport } from '../../../engine/node';
import { createPermissionContext, parseSettingsText } from '../../../engine';
import type { BashSupport } from '../../../engine';
import { ruleStanding } from '../rule-standing';
import { codexContext } from './codex-context';

let bash: BashSupport;
beforeAll(async () => {
  bash = await loadInstalledBashSupport();
});

const FILE = '/p/.agent/settings.json';
const context = (permissions: Record<string, string[]> = {}) => {
  const parsed = parseSettingsText(JSON.stringify({ permissions }), FILE);
  if (!parsed.ok) throw new Error(parsed.error);
  return createPermissionContext({
    cwd: '/p',
    home: '/h',
    settings: [
      { source: 'projectSettings', file: FILE, anchorDir: '/p', exists: true, settings: parsed.settings },
    ],
  });
};

const standing = (judged: ReturnType<typeof context>, command: string, rule: string) =>
  ruleStanding({
    context: judged,
    call: { toolName: 'Bash', input: { command } },
    rule,
    placement: 'session',
    candidates: [],
    bash,
  });

describe('Codex calls judged by Codex’s model', () => {
  it('a rule that matches a write outside the workspace answers it: Codex has no working directories', () => {
    const outside = 'touch /var/tmp/reports/summary.txt';
    // Claude Code's model: the path outside the working directories makes it ask whatever the rules say.
    expect(standing(context(), outside, 'Bash(touch *)')).toMatchObject({ wins: false, why: 'outside' });
    expect(standing(codexContext(context()), outside, 'Bash(touch *)')).toEqual({ wins: true, warnings: [] });
  });

  it('still puts ask rules and protected paths first, and a rule that does not match still does not', () => {
    const judged = codexContext(context({ ask: ['Bash(git push *)'] }));
    expect(standing(judged, 'git push origin main', 'Bash(git push origin main)')).toMatchObject({
      wins: false,
      why: 'outranked',
    });
    expect(standing(judged, 'touch /p/.git/config', 'Bash(touch *)')).toMatchObject({
      wins: false,
      why: 'protected',
    });
    expect(standing(judged, 'touch /var/tmp/x', 'Bash(rm *)')).toMatchObject({
      wins: false,
      why: 'no-match',
    });
  });

  it('keeps one Codex form per context, so a burst of requests compiles its rules once', () => {
    const loaded = context();
    expect(codexContext(loaded)).toBe(codexContext(loaded));
  });
});
