import { describe, expect, it } from 'vitest';
import { phraseText } from '../explain/phrases';
import type { Phrase } from '../explain/phrases';
import { CWD, HOME, contextWith, layer } from '../testing/build';
import { createPermissionContext, withoutRule, withRules } from '../context/context';
import { PermissionContextError } from './errors';

function thrown(build: () => unknown): PermissionContextError {
  try {
    build();
  } catch (error) {
    if (error instanceof PermissionContextError) return error;
    throw error;
  }
  throw new Error('expected a PermissionContextError');
}

/** The codes of a phrase and of the phrases inside it, depth first. */
function codes(phrase: Phrase): string[] {
  return [
    phrase.code,
    ...Object.values(phrase.params).flatMap((arg) => ('phrase' in arg ? codes(arg.phrase) : [])),
  ];
}

describe('a context that cannot be built says why in a phrase, in the same English', () => {
  const policy = () =>
    createPermissionContext({
      cwd: CWD,
      home: HOME,
      settings: [
        layer('policySettings', { deny: ['Bash(curl *)'] }),
        layer('userSettings', { allow: ['Read'] }),
      ],
    });

  it.each([
    {
      what: 'a rule added to a locked source',
      build: () => withRules(policy(), 'policySettings', 'allow', ['Bash']),
      message: 'Rules cannot be added to managed policy: only its owner can change them.',
      codes: ['context.lockedAdd', 'source.policySettings'],
    },
    {
      what: 'a rule removed from a locked source',
      build: () => {
        const context = policy();
        return withoutRule(context, context.alwaysDenyRules.policySettings[0]!);
      },
      message: 'Rules cannot be removed from managed policy: only its owner can change them.',
      codes: ['context.lockedRemove', 'source.policySettings'],
    },
    {
      what: 'a rule that is not there',
      build: () => {
        const context = policy();
        const rule = context.alwaysAllowRules.userSettings[0]!;
        return withoutRule(withoutRule(context, rule), rule);
      },
      message: 'There is no allow rule Read in user settings.',
      codes: ['context.noSuchRule', 'behavior.allow', 'source.userSettings'],
    },
    {
      what: 'a session rule that does not parse',
      build: () => withRules(policy(), 'session', 'allow', ['Bash(git push']),
      message:
        'The allow rule from this session is invalid: the rule "Bash(git push" must end with the ")" that closes the "(" after "Bash".',
      codes: ['context.ruleInvalid', 'behavior.allow', 'source.session', 'ruleSyntax.mustEnd'],
    },
    {
      what: 'bypass mode a settings file disables',
      build: () =>
        createPermissionContext({
          cwd: CWD,
          home: HOME,
          mode: 'bypassPermissions',
          settings: [layer('policySettings', {}, { disableBypassPermissionsMode: true })],
        }),
      message:
        'bypassPermissions mode is disabled by /etc/claude-code/managed-settings.json (disableBypassPermissionsMode).',
      codes: ['context.bypassDisabled'],
    },
  ])('$what', ({ build, message, codes: expected }) => {
    const error = thrown(build);
    expect(error.message).toBe(message);
    expect(phraseText(error.phrase)).toBe(message);
    expect(codes(error.phrase)).toEqual(expected);
  });

  it('a rule in a settings file that does not compile names the file and its place there', () => {
    const error = thrown(() => contextWith({ allow: ['Read', 'WebFetch(pytorch.org)'] }));
    expect(phraseText(error.phrase)).toBe(error.message);
    expect(codes(error.phrase).slice(0, 2)).toEqual(['settings.unusable', 'settings.invalidRule']);
    expect(error.message).toMatch(
      /^The settings file \/\S+settings\.json has an invalid rule at permissions\.allow\[1\]: "WebFetch\(pytorch\.org\)" is not a valid WebFetch rule/,
    );
  });
});
