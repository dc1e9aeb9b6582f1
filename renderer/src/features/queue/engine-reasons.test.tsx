/**
 * The engine's sentences in the console's language: a card's "Why it asked" and a rule's warning read in
 * Chinese when the engine sent the sentence's code, and in the engine's English when it did not.
 */
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Explanation } from '../../../../common/queue-contract';
import type { RulesSnapshot } from '../../../../common/rules-contract';
import { pendingRequest } from '../../testing/fake-console-api';
import { listedRule } from '../../testing/listed-rule';
import { renderApp } from '../../testing/render-app';
import { I18nProvider } from '../../i18n/i18n-context';
import { createTranslator } from '../../i18n/translate';
import { checkRule } from '../../ui/rule-check';
import { RuleCheckNote } from '../../ui/rule-check-note';

afterEach(cleanup);

beforeAll(() => {
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => 800 });
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => 1000 });
});

const CWD = '/home/dev/projects/shop';
const PROJECT = `${CWD}/.claude/settings.json`;
const command = 'npm run lint -- --fix';

/** What the console's engine says of `npm run lint -- --fix` with no rule for it, as the contract carries it. */
const noRule: Explanation['reason'] = {
  type: 'default',
  message: `No rule matched: \`${command}\` is not read-only, and no rule allows all of it.`,
  phrase: {
    code: 'decide.noRule',
    params: { why: { phrase: { code: 'bash.notReadOnly', params: { command: { command } } } } },
  },
};

function card(reason: Explanation['reason']) {
  return pendingRequest('a', {
    input: { command },
    explanation: {
      behavior: 'ask',
      step: '3',
      reason,
      nearMisses: [],
      risk: 'writes files',
      needsSecondLook: false,
      suggestedRules: [],
    },
  });
}

const why = () => screen.getByRole('region', { name: /Why it asked|为什么询问/ });

describe('why it asked, in the console’s language', () => {
  it('says the engine’s sentence in Chinese, the command drawn as code', async () => {
    await renderApp([card(noRule)], { locale: 'zh-CN' });
    const detail = why().querySelector('.why__detail')!;
    expect(detail.textContent).toBe(`${command} 不是只读命令，且没有规则允许其全部内容。`);
    expect(detail.querySelector('code')?.textContent).toBe(command);
    expect(why().textContent).not.toContain('is not read-only');
  });

  it('in English, says only why, under the "no rule matched" headline', async () => {
    await renderApp([card(noRule)]);
    expect(why().querySelector('.why__detail')!.textContent).toBe(
      `${command} is not read-only, and no rule allows all of it.`,
    );
  });

  it('shortens a path against the card’s folder', async () => {
    const path = `${CWD}/.claude/settings.json`;
    await renderApp(
      [
        card({
          type: 'safetyCheck',
          path,
          message: `The path ${path} is protected (.claude/): changing it can run code or change the rules, so a person must approve, whatever the mode.`,
          phrase: {
            code: 'file.protected',
            params: { path: { path }, matched: { literal: '.claude/' } },
          },
        }),
      ],
      { locale: 'zh-CN' },
    );
    expect(why().querySelector('.why__detail')!.textContent).toBe(
      '路径 ./.claude/settings.json 受保护（.claude/）：修改它可能执行代码或改变规则，因此无论何种模式都必须由人批准。',
    );
  });

  it('falls back to the engine’s English for a code it does not know, or none', async () => {
    const message = 'A newer engine said this.';
    await renderApp(
      [
        card({ type: 'tool', message, phrase: { code: 'tool.fromTheFuture', params: {} } }),
        { ...card({ type: 'tool', message: 'An older record said this.' }), id: 'b' },
      ],
      { locale: 'zh-CN' },
    );
    const details = [...document.querySelectorAll('.why__detail')].map((d) => d.textContent);
    expect(details).toContain(message);
    expect(details).toContain('An older record said this.');
  });
});

describe('a rule warning, in the console’s language', () => {
  it('reads in Chinese in the Rules view', async () => {
    const warned = listedRule({
      text: 'Bash(npx *)',
      warnings: [
        {
          kind: 'broad-allow',
          message: `The allow rule Bash(npx *) from project settings (${PROJECT}) allows \`npx\` with any arguments, which can run any command without asking.`,
          phrase: {
            code: 'warning.broadAllow',
            params: {
              rule: {
                phrase: {
                  code: 'rule.described',
                  params: {
                    behavior: { phrase: { code: 'behavior.allow', params: {} } },
                    rule: { literal: 'Bash(npx *)' },
                    place: {
                      phrase: {
                        code: 'place.file',
                        params: {
                          source: { phrase: { code: 'source.projectSettings', params: {} } },
                          file: { path: PROJECT },
                        },
                      },
                    },
                  },
                },
              },
              what: { phrase: { code: 'broad.runner', params: { command: { command: 'npx' } } } },
            },
          },
        },
      ],
    });
    const snapshot: RulesSnapshot = {
      cwd: CWD,
      files: [{ source: 'projectSettings', file: PROJECT, status: 'ok', version: 'v1', editable: true }],
      rules: [warned],
      historyExamined: 0,
    };
    await renderApp([], { locale: 'zh-CN', rules: snapshot });
    const warning = await screen.findByText(
      (_, element) => element?.classList.contains('rule-warning') ?? false,
    );
    expect(warning.textContent).toBe(
      '项目设置（./.claude/settings.json）中的允许规则 Bash(npx *) 会不经询问就允许带任意参数的 npx，它可以运行任何命令。',
    );
  });
});

describe('the rule field’s warning, in the console’s language', () => {
  it('says in Chinese what a broad allow hands over', () => {
    render(
      <I18nProvider value={{ locale: 'zh-CN', t: createTranslator('zh-CN') }}>
        <RuleCheckNote check={checkRule('Bash(*)', 'Bash')} tool="Bash" />
      </I18nProvider>,
    );
    expect(screen.getByText(/此规则/).textContent).toBe('此规则会不经询问就允许所有 shell 命令。');
  });
});
