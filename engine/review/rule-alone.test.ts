import { describe, expect, it } from 'vitest';
import { fakeBash } from '../testing/fake-bash';
import type { PermissionRule } from '../types';
import { ruleAlone } from './rule-alone';
import { parseRule } from '../rules/syntax';

function rule(text: string, place: Omit<PermissionRule, 'ruleValue'>): PermissionRule {
  const parsed = parseRule(text);
  if (!parsed.ok) throw new Error(parsed.error);
  return { ...place, ruleValue: parsed.value };
}

const setting = { cwd: '/work/shop', home: '/home/dev', bash: fakeBash };
const edit = (file_path: string) => ({ toolName: 'Edit', input: { file_path } });

describe('a rule tried alone', () => {
  it('anchors a /path rule at its own settings file folder, so the same text means another folder', () => {
    const place = { ruleBehavior: 'allow', origin: { file: 'x', anchorDir: '/work/shop' } } as const;
    const project = ruleAlone(rule('Edit(/src/**)', { ...place, source: 'projectSettings' }), setting);
    const user = ruleAlone(
      rule('Edit(/src/**)', {
        ...place,
        source: 'userSettings',
        origin: { file: '/home/dev/.claude/settings.json', anchorDir: '/home/dev/.claude' },
      }),
      setting,
    );
    expect(project(edit('/work/shop/src/a.ts'))).toBe(true);
    expect(user(edit('/work/shop/src/a.ts'))).toBe(false);
  });

  it('decides by itself or not at all: a deny rule, a session rule, a call it does not cover', () => {
    const deny = ruleAlone(
      rule('Bash(rm *)', { source: 'session', ruleBehavior: 'deny', origin: { anchorDir: '/work/shop' } }),
      setting,
    );
    expect(deny({ toolName: 'Bash', input: { command: 'rm -rf build' } })).toBe(true);
    expect(deny({ toolName: 'Bash', input: { command: 'ls' } })).toBe(false);
  });
});
