import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatRule, parseRule } from './syntax';

describe('parseRule', () => {
  it.each([
    ['Bash', { toolName: 'Bash' }],
    ['Bash(git *)', { toolName: 'Bash', ruleContent: 'git *' }],
    ['Bash(npm run test:*)', { toolName: 'Bash', ruleContent: 'npm run test:*' }],
    ['Bash(*)', { toolName: 'Bash' }],
    ['Bash()', { toolName: 'Bash' }],
    ['mcp__puppeteer', { toolName: 'mcp__puppeteer' }],
    ['mcp__puppeteer__puppeteer_navigate', { toolName: 'mcp__puppeteer__puppeteer_navigate' }],
    ['mcp__puppeteer__*', { toolName: 'mcp__puppeteer__*' }],
    ['mcp__github__get_*', { toolName: 'mcp__github__get_*' }],
    ['*', { toolName: '*' }],
    ['Read(//Users/alice/secrets/**)', { toolName: 'Read', ruleContent: '//Users/alice/secrets/**' }],
    ['WebFetch(domain:example.com)', { toolName: 'WebFetch', ruleContent: 'domain:example.com' }],
    ['Agent(model:opus)', { toolName: 'Agent', ruleContent: 'model:opus' }],
    ['Bash(python -c "print\\(1\\)")', { toolName: 'Bash', ruleContent: 'python -c "print(1)"' }],
    ['Bash(python -c "print(1)")', { toolName: 'Bash', ruleContent: 'python -c "print(1)"' }],
    ['Bash(echo a\\\\)', { toolName: 'Bash', ruleContent: 'echo a\\' }],
    ['Bash(grep a\\.b)', { toolName: 'Bash', ruleContent: 'grep a\\.b' }],
  ])('reads %s', (text, value) => {
    expect(parseRule(text)).toEqual({ ok: true, value });
  });

  it.each([
    ['', 'A rule cannot be empty; write a tool name such as "Bash" or "Read(./src/**)".'],
    [' Bash', 'The rule " Bash" has spaces around it; remove them.'],
    ['(git *)', 'The rule "(git *)" has no tool name before "(".'],
    ['Bash(', 'The rule "Bash(" opens "(" after "Bash" but never closes it.'],
    ['Bash(git *', 'The rule "Bash(git *" must end with the ")" that closes the "(" after "Bash".'],
    ['Bash(git *) x', 'The rule "Bash(git *) x" must end with the ")" that closes the "(" after "Bash".'],
    ['Bash(git *\\)', 'The rule "Bash(git *\\)" must end with the ")" that closes the "(" after "Bash".'],
    ['Ba sh', 'The tool name "Ba sh" in "Ba sh" may contain only letters, digits, "_", "-", "." and "*".'],
    [
      'Bash)',
      'The tool name "Bash)" in "Bash)" may contain only letters, digits, "_", "-", "." and "*", and a ")" needs a "(" before it.',
    ],
  ])('refuses %j with one sentence', (text, error) => {
    expect(parseRule(text)).toEqual({ ok: false, error, errorPhrase: expect.anything() });
  });
});

describe('formatRule', () => {
  it.each([
    [{ toolName: 'Bash' }, 'Bash'],
    [{ toolName: 'Bash', ruleContent: 'git *' }, 'Bash(git *)'],
    [{ toolName: 'Bash', ruleContent: '*' }, 'Bash'],
    [{ toolName: 'Bash', ruleContent: 'python -c "print(1)"' }, 'Bash(python -c "print\\(1\\)")'],
    [{ toolName: 'Bash', ruleContent: 'grep a\\.b' }, 'Bash(grep a\\.b)'],
  ])('writes %j as %s', (value, text) => {
    expect(formatRule(value)).toBe(text);
  });

  it('round-trips any content', () => {
    const toolName = fc.stringMatching(/^[A-Za-z][A-Za-z0-9_]{0,12}$/);
    const content = fc.string({
      unit: fc.constantFrom('a', ' ', '(', ')', '\\', '*', ':', '/', '.'),
      minLength: 1,
      maxLength: 12,
    });
    fc.assert(
      fc.property(toolName, content, (name, ruleContent) => {
        const value = ruleContent === '*' ? { toolName: name } : { toolName: name, ruleContent };
        expect(parseRule(formatRule(value))).toEqual({ ok: true, value });
      }),
    );
  });
});
