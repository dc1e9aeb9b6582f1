import { describe, expect, it } from 'vitest';
import { parseSettingsText } from './settings';

const FILE = '/p/.claude/settings.json';
const error = (text: string) => {
  const result = parseSettingsText(text, FILE);
  return result.ok ? undefined : result.error;
};

describe('parseSettingsText', () => {
  it('reads the permissions object and leaves other keys alone', () => {
    const result = parseSettingsText(
      JSON.stringify({
        hooks: { PreToolUse: [] },
        permissions: {
          allow: ['Bash(npm run *)', 'Read(~/.zshrc)'],
          ask: ['Bash(git push *)'],
          deny: ['Read(./.env)'],
          additionalDirectories: ['../docs/'],
          defaultMode: 'acceptEdits',
          disableBypassPermissionsMode: 'disable',
          denyInsteadOfPrompting: true,
          blockReadsOutsideWorkingDirectories: false,
          blockWritesOutsideWorkingDirectories: true,
        },
      }),
      FILE,
    );
    expect(result).toEqual({
      ok: true,
      settings: {
        rules: {
          allow: [
            { toolName: 'Bash', ruleContent: 'npm run *' },
            { toolName: 'Read', ruleContent: '~/.zshrc' },
          ],
          ask: [{ toolName: 'Bash', ruleContent: 'git push *' }],
          deny: [{ toolName: 'Read', ruleContent: './.env' }],
        },
        additionalDirectories: ['../docs/'],
        defaultMode: 'acceptEdits',
        disableBypassPermissionsMode: true,
        allowManagedPermissionRulesOnly: false,
        denyInsteadOfPrompting: true,
        blockReadsOutsideWorkingDirectories: false,
        blockWritesOutsideWorkingDirectories: true,
      },
    });
  });

  it('reads an empty file and a file without permissions as no rules', () => {
    expect(parseSettingsText('  \n', FILE).ok).toBe(true);
    expect(parseSettingsText('{"env":{}}', FILE).ok).toBe(true);
  });

  it('accepts manual as the new name of default', () => {
    const result = parseSettingsText('{"permissions":{"defaultMode":"manual"}}', FILE);
    expect(result.ok && result.settings.defaultMode).toBe('default');
  });

  it.each([
    [
      '{"permissions": {"allow": ["Bash"],}}',
      `The settings file ${FILE} is not valid JSON (Expected double-quoted property name at line 1, column 36).`,
    ],
    [
      '{\n  "permissions": {\n    "allow": [\n      "Bash"\n    ]\n  \n',
      `The settings file ${FILE} is not valid JSON (Expected ',' or '}' after property value at line 7, column 1).`,
    ],
    ['[]', `The settings file ${FILE} must hold a JSON object, not a list.`],
    [
      '{"permissions": []}',
      `The settings file ${FILE} has "permissions" as a list, but it must be an object.`,
    ],
    [
      '{"permissions": {"deny": "Bash"}}',
      `The settings file ${FILE} has "permissions.deny" as a string, but it must be a list of rules.`,
    ],
    [
      '{"permissions": {"allow": ["Read", 3]}}',
      `The settings file ${FILE} has permissions.allow[1] as a number, but a rule must be a string.`,
    ],
    [
      '{"permissions": {"ask": ["Bash(git push *"]}}',
      `The settings file ${FILE} has an invalid rule at permissions.ask[0]: the rule "Bash(git push *" must end with the ")" that closes the "(" after "Bash".`,
    ],
    [
      '{"permissions": {"defaultMode": "yolo"}}',
      `The settings file ${FILE} has "permissions.defaultMode" set to "yolo", which is not one of default, acceptEdits, plan, auto, dontAsk, bypassPermissions.`,
    ],
    [
      '{"permissions": {"disableBypassPermissionsMode": true}}',
      `The settings file ${FILE} has "permissions.disableBypassPermissionsMode" set to true, but its only value is "disable".`,
    ],
    [
      '{"permissions": {"denyInsteadOfPrompting": "yes"}}',
      `The settings file ${FILE} has "permissions.denyInsteadOfPrompting" set to "yes", but it must be true or false.`,
    ],
    [
      '{"permissions": {"blockWritesOutsideWorkingDirectories": 1}}',
      `The settings file ${FILE} has "permissions.blockWritesOutsideWorkingDirectories" set to 1, but it must be true or false.`,
    ],
    [
      '{"permissions": {"additionalDirectories": "../docs"}}',
      `The settings file ${FILE} has "permissions.additionalDirectories" that is not a list of folder paths.`,
    ],
  ])('refuses %j in one sentence naming the file', (text, expected) => {
    expect(error(text)).toBe(expected);
  });
});
