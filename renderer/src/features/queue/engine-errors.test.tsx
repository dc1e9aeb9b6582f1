/**
 * The engine's errors in the console's language: a rule the field refuses, a rule the engine
 * cannot place, a settings file the rules view cannot use, a request the console could not check, a Bash
 * command the analyser could not read and the classifier's reason read in Chinese, from the codes the engine
 * sends beside its English.
 */
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Explanation } from '../../../../common/queue-contract';
import type { RulesSnapshot } from '../../../../common/rules-contract';
import { parseSettingsText, PermissionContextError, phrase } from '../../../../engine';
import { pendingRequest } from '../../testing/fake-console-api';
import { renderApp } from '../../testing/render-app';

afterEach(cleanup);

beforeAll(() => {
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => 800 });
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => 1000 });
});

const CWD = '/home/dev/projects/shop';

function card(reason: Explanation['reason'], command: string) {
  return pendingRequest('a', {
    input: { command },
    explanation: {
      behavior: 'ask',
      step: reason.type === 'classifier' ? 'classifier' : '3',
      reason,
      nearMisses: [],
      risk: 'unknown',
      needsSecondLook: false,
      suggestedRules: [],
    },
  });
}

const why = () => screen.getByRole('region', { name: /为什么询问/ });

describe('the Always-allow panel, in Chinese', () => {
  it('says why a typed rule is invalid in Chinese, and its one-click fix still works', async () => {
    await renderApp([pendingRequest('a')], { locale: 'zh-CN' });
    fireEvent.click(screen.getByRole('button', { name: '始终允许…' }));
    const rule = screen.getByLabelText('规则', { exact: true }) as HTMLInputElement;

    fireEvent.change(rule, { target: { value: 'bash(ls)' } });
    expect(screen.getByRole('alert').textContent).toBe(
      '规则无效 bash 不是 Claude Code 接受的工具名：工具名以大写字母开头。 改用 Bash(ls)',
    );

    fireEvent.change(rule, { target: { value: 'WebFetch(pytorch.org)' } });
    expect(screen.getByRole('alert').textContent).toContain(
      'WebFetch(pytorch.org) 不是有效的 WebFetch 规则：请写成 WebFetch(domain:example.com)。',
    );
    fireEvent.click(screen.getByRole('button', { name: '改用 WebFetch(domain:pytorch.org)' }));
    expect(rule.value).toBe('WebFetch(domain:pytorch.org)');
  });
});

describe('a rule the engine cannot place, in Chinese', () => {
  it('says why in Chinese, not in the engine’s English', async () => {
    const refused = phrase('context.lockedAdd', {
      source: { phrase: { code: 'source.policySettings', params: {} } },
    });
    await renderApp([pendingRequest('a')], {
      locale: 'zh-CN',
      fake: {
        standing: {
          wins: false,
          why: 'refused',
          detail: refused.message,
          detailPhrase: refused.phrase,
          instead: [],
          warnings: [],
        },
      },
    });
    fireEvent.click(screen.getByRole('button', { name: '始终允许…' }));
    const note = await screen.findByText(/^此规则不能用在这里/);
    expect(note.textContent).toBe('此规则不能用在这里：不能向托管策略添加规则：只有它的所有者可以修改。');
  });
});

describe('a settings file the rules view cannot use, in Chinese', () => {
  it('says what is wrong with it in Chinese', async () => {
    const file = `${CWD}/.claude/settings.local.json`;
    const parsed = parseSettingsText('{"permissions": {"allow": ["Bash(npm test"]}}', file);
    if (parsed.ok) throw new Error('the fixture must be a broken file');
    const said = phrase('settings.fixByHand', { problem: { phrase: parsed.errorPhrase } });
    const snapshot: RulesSnapshot = {
      cwd: CWD,
      files: [
        {
          source: 'localSettings',
          file,
          status: 'broken',
          error: said.message,
          errorPhrase: said.phrase,
          version: 'v1',
          editable: true,
        },
      ],
      rules: [],
      historyExamined: 0,
    };
    await renderApp([], { locale: 'zh-CN', rules: snapshot });
    const error = await screen.findByText((_, element) =>
      Boolean(element?.classList.contains('rules-error') && element.textContent?.includes(file)),
    );
    expect(error.textContent).toBe(
      `设置文件 ${file} 在 permissions.allow[0] 处有一条无效规则：规则 Bash(npm test 必须以闭合 Bash 之后那个 "(" 的 ")" 结尾；请手动修复，Gatehouse 不会覆盖它。`,
    );
  });
});

describe('a card’s reason, in Chinese', () => {
  it('says why an unparsed Bash command needs a person in Chinese', async () => {
    const command = 'echo "unterminated';
    const problem = phrase('bashParse.failedAt', {
      line: { count: 1 },
      column: { count: 6 },
      detail: { phrase: phrase('bashParse.neverClosed', { snippet: { literal: '"unterminated' } }).phrase },
    });
    const reason = phrase('bash.unparsed', { problem: { phrase: problem.phrase } });
    await renderApp([card({ type: 'tool', ...reason }, command)], { locale: 'zh-CN' });
    const detail = why().querySelector('.why__detail')!;
    expect(detail.textContent).toBe(
      '无法将此命令解析为 Bash（第 1 行，第 6 列）："unterminated 没有闭合，因此需要人工查看。',
    );
  });

  it('says why the console could not check a request in Chinese', async () => {
    const problem = new PermissionContextError(
      phrase('context.bypassDisabled', { file: { path: '/etc/claude-code/managed-settings.json' } }),
    );
    const reason = phrase('context.unchecked', { problem: { phrase: problem.phrase } });
    await renderApp([card({ type: 'default', ...reason }, 'ls')], { locale: 'zh-CN' });
    expect(why().textContent).toContain(
      '控制台无法按规则检查此请求（bypassPermissions 模式已被 /etc/claude-code/managed-settings.json 禁用（disableBypassPermissionsMode））。',
    );
    expect(why().textContent).not.toContain('could not check');
  });

  it("says the classifier's reason in Chinese", async () => {
    const reason = phrase('classifier.denied', {
      confidence: { text: '0.95' },
      why: { phrase: phrase('classifier.privileged').phrase },
    });
    await renderApp([card({ type: 'classifier', ...reason }, 'sudo reboot')], { locale: 'zh-CN' });
    expect(why().textContent).toContain('分类器拒绝了此调用（置信度 0.95）：它以提升的权限运行。');
    expect(why().textContent).not.toContain('elevated privileges');
  });
});
