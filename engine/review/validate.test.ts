import { describe, expect, it } from 'vitest';
import { checkRule } from './validate';

describe('checkRule', () => {
  it('accepts a good rule', () => {
    expect(checkRule('Bash(git *)', 'allow')).toEqual({
      ok: true,
      value: { toolName: 'Bash', ruleContent: 'git *' },
    });
  });

  it('gives the syntax error', () => {
    expect(checkRule('Bash(git *', 'deny')).toEqual({
      ok: false,
      error: 'The rule "Bash(git *" must end with the ")" that closes the "(" after "Bash".',
      errorPhrase: {
        code: 'ruleSyntax.mustEnd',
        params: { rule: { literal: 'Bash(git *' }, tool: { literal: 'Bash' } },
      },
    });
  });

  it('gives the content error a settings file would get', () => {
    expect(checkRule('WebFetch(example.com)', 'allow')).toEqual({
      ok: false,
      error: '"WebFetch(example.com)" is not a valid WebFetch rule: write WebFetch(domain:example.com).',
      errorPhrase: {
        code: 'ruleContent.sentence',
        params: {
          problem: {
            phrase: { code: 'ruleContent.webFetch', params: { rule: { literal: 'WebFetch(example.com)' } } },
          },
        },
      },
      fix: 'WebFetch(domain:example.com)',
    });
    expect(checkRule('WebFetch(https://pytorch.org/docs)', 'allow')).toMatchObject({
      ok: false,
      fix: 'WebFetch(domain:pytorch.org)',
    });
    expect(checkRule('Read(!keep)', 'deny')).toMatchObject({ ok: false });
  });

  it('refuses tool names Claude Code rejects, and offers the capitalised one', () => {
    expect(checkRule('bash(npm test *)', 'allow')).toEqual({
      ok: false,
      error: '"bash" is not a tool name Claude Code accepts: tool names start with a capital letter.',
      errorPhrase: { code: 'ruleSyntax.lowercaseTool', params: { tool: { literal: 'bash' } } },
      fix: 'Bash(npm test *)',
    });
    expect(checkRule('mcp__github__get_issue', 'allow')).toMatchObject({ ok: true });
    expect(checkRule('*', 'deny')).toMatchObject({ ok: true });
  });

  it('warns about rules that load but never apply', () => {
    expect(checkRule('mcp__*', 'allow')).toMatchObject({
      ok: true,
      warning: expect.stringContaining('is skipped'),
    });
    expect(checkRule('mcp__*', 'deny')).toEqual({ ok: true, value: { toolName: 'mcp__*' } });
    expect(checkRule('Agent(model:opus)', 'allow')).toMatchObject({
      warning: expect.stringContaining('deny and ask only'),
    });
  });

  it.each(['Bash(*)', 'Bash', 'Bash(curl *)', 'Bash(sh)', 'Bash(python3:*)'])(
    'warns that the allow %s opens the door',
    (rule) => {
      const check = checkRule(rule, 'allow');
      expect(check).toMatchObject({ ok: true, broad: expect.any(String) });
      expect(check.ok && check.warning).toMatch(/^This rule allows .+ without asking\.$/);
    },
  );

  it('does not call a deny of every command broad', () => {
    expect(checkRule('Bash(*)', 'deny')).toEqual({ ok: true, value: { toolName: 'Bash' } });
  });
});
