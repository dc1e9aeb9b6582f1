import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ListedRuleView, RulesSnapshot, SaveOutcome } from '../../../../common/rules-contract';
import { createPrefsStore } from '../../store/prefs-store';
import { createQueueStore } from '../../store/queue-store';
import { createFakeConsoleApi } from '../../testing/fake-console-api';
import { listedRule } from '../../testing/listed-rule';
import { App } from '../../app/app';

afterEach(cleanup);

const CWD = '/home/dev/projects/shop';
const PROJECT = `${CWD}/.claude/settings.json`;

function snapshot(rules: ListedRuleView[]): RulesSnapshot {
  return {
    cwd: CWD,
    files: [
      {
        source: 'policySettings',
        file: '/etc/claude-code/managed-settings.json',
        status: 'ok',
        version: 'p1',
        editable: false,
      },
      {
        source: 'projectSettings',
        file: PROJECT,
        status: 'ok',
        version: 'v1',
        editable: true,
        switches: ['denyInsteadOfPrompting', 'blockWritesOutsideWorkingDirectories'],
      },
      {
        source: 'localSettings',
        file: `${CWD}/.claude/settings.local.json`,
        status: 'missing',
        version: 'missing',
        editable: true,
      },
    ],
    rules,
    historyExamined: 0,
  };
}

const initial = snapshot([
  listedRule({
    text: 'Bash(rm -rf *)',
    behavior: 'deny',
    source: 'policySettings',
    file: '/etc/claude-code/managed-settings.json',
    order: 1,
    locked: true,
  }),
  listedRule({
    text: 'Bash(rm -rf build)',
    order: 2,
    index: 1,
    warnings: [
      {
        kind: 'shadowed',
        message: 'The allow rule Bash(rm -rf build) never applies: Bash(rm -rf *) denies first.',
      },
    ],
  }),
]);

async function renderRules(options: { saveOutcome?: SaveOutcome; locale?: 'en' | 'zh-CN' } = {}) {
  window.history.replaceState(null, '', `/?view=rules&cwd=${encodeURIComponent(CWD)}`);
  const fake = createFakeConsoleApi([]);
  fake.setRules(initial);
  if (options.saveOutcome) fake.answerSaves(options.saveOutcome);
  const store = createQueueStore(fake.api, () => 0);
  await store.getState().load();
  const prefs = createPrefsStore(undefined);
  prefs.getState().set({ locale: options.locale ?? 'en' });
  render(<App api={fake.api} store={store} prefs={prefs} connection="ready" view="rules" />);
  await screen.findByText(drawn('Bash(rm -rf build)'));
  return fake;
}

const rowOf = (text: string) => screen.getByText(drawn(text)).closest('li')!;

/** Text as drawn, whole: a rule is drawn in pieces that keep an option's dashes with its name. */
const drawn = (text: string) => (_: string, element: Element | null) =>
  element?.textContent === text && ![...element.children].some((child) => child.textContent === text);

describe('the rule editor view', () => {
  it('opens the folder the desktop app names when it brings the window forward', async () => {
    const fake = await renderRules();
    await act(async () => fake.showFolder('/srv/app'));
    expect(fake.calls.filter((c) => c.channel === 'rules:load').at(-1)?.args).toEqual({ cwd: '/srv/app' });
  });

  it('locks policy rules, offers edit and delete on the others, and shows warnings beside their rule', async () => {
    await renderRules();
    const policy = rowOf('Bash(rm -rf *)');
    expect(within(policy).getAllByRole('img', { name: 'Locked: only its owner can change it' })).toHaveLength(
      1,
    );
    expect(within(policy).queryByRole('button', { name: /Edit/ })).toBeNull();
    const shadowed = rowOf('Bash(rm -rf build)');
    expect(within(shadowed).getByText(/never applies/)).toBeTruthy();
    expect(within(shadowed).getByRole('button', { name: 'Delete Bash(rm -rf build)' })).toBeTruthy();
  });

  it('shows beside each settings file the permissions switches it turns on', async () => {
    await renderRules();
    const project = rowOf(PROJECT);
    expect(
      within(project).getByText(
        'denies instead of prompting (Claude Code reads it only from user, --settings and managed settings)',
      ),
    ).toBeTruthy();
    expect(within(project).getByText('blocks writes outside the working folders')).toBeTruthy();
    expect(within(project).queryByText('blocks reads outside the working folders')).toBeNull();
    expect(
      within(rowOf(`${CWD}/.claude/settings.local.json`)).queryByText(/instead of prompting/),
    ).toBeNull();
  });

  it('deletes with the version it read, and reloads at once when another window changes the files', async () => {
    const fake = await renderRules();
    fireEvent.click(screen.getByRole('button', { name: 'Delete Bash(rm -rf build)' }));
    await waitFor(() => expect(fake.calls.some((c) => c.channel === 'rules:save')).toBe(true));
    expect(fake.calls.find((c) => c.channel === 'rules:save')!.args).toEqual({
      cwd: CWD,
      edit: {
        kind: 'remove',
        from: { source: 'projectSettings', behavior: 'allow' },
        rule: 'Bash(rm -rf build)',
      },
      versions: { projectSettings: 'v1' },
    });
    act(() => fake.changeRules(snapshot([listedRule({ text: 'WebFetch(domain:example.com)' })])));
    expect(await screen.findByText('WebFetch(domain:example.com)')).toBeTruthy();
    expect(screen.queryByText(drawn('Bash(rm -rf build)'))).toBeNull();
  });

  it('shows a conflict with its sentence, and applies anyway only when asked', async () => {
    const fake = await renderRules({
      saveOutcome: {
        status: 'conflict',
        code: 'rule-gone',
        message: `The allow rule Bash(rm -rf build) is no longer in ${PROJECT}.`,
        params: { rule: 'Bash(rm -rf build)', file: `${PROJECT}/.claude/settings.json` },
      },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Delete Bash(rm -rf build)' }));
    const banner = await screen.findByText('Changed on disk');
    const box = banner.closest('div')!;
    expect(box.textContent).toContain('is no longer in');
    fireEvent.click(within(box).getByRole('button', { name: 'Apply anyway' }));
    await waitFor(() => expect(fake.calls.filter((c) => c.channel === 'rules:save')).toHaveLength(2));
    expect(fake.calls.filter((c) => c.channel === 'rules:save')[1]!.args).toMatchObject({ force: true });
  });

  it('words a refused save in Chinese, naming the file, not in main’s English', async () => {
    const english = `The settings file ${PROJECT} is not valid JSON; fix it by hand, Gatehouse will not overwrite it.`;
    const fake = await renderRules({ locale: 'zh-CN' });
    fake.refuseSaves({ code: 'broken-file', message: english, params: { file: PROJECT } });
    fireEvent.click(screen.getByRole('button', { name: '删除 Bash(rm -rf build)' }));
    expect((await screen.findByText(/现在无法使用/)).textContent).toBe(
      `设置文件 ${PROJECT} 现在无法使用；请手动修好它，Gatehouse 不会覆盖它。`,
    );
    expect(screen.queryByText(english)).toBeNull();
  });

  it('says in Chinese when the playground’s input is not a JSON object', async () => {
    await renderRules({ locale: 'zh-CN' });
    const playground = screen.getByRole('region', { name: '试一个工具调用' });
    fireEvent.change(within(playground).getByLabelText('工具'), { target: { value: 'Read' } });
    fireEvent.change(within(playground).getByLabelText('输入'), { target: { value: '{"file_path": 3' } });
    expect(
      within(playground).getByText('“{"file_path": 3”不是 JSON 对象；请把输入写成 {"key": "value"} 的形式。'),
    ).toBeTruthy();
  });

  it('words a conflict in Chinese', async () => {
    const english = `The allow rule Bash(rm -rf build) is no longer in ${PROJECT}: the file changed on disk since you read it.`;
    await renderRules({
      locale: 'zh-CN',
      saveOutcome: {
        status: 'conflict',
        code: 'rule-gone',
        message: english,
        params: { rule: 'Bash(rm -rf build)', file: PROJECT },
      },
    });
    fireEvent.click(screen.getByRole('button', { name: '删除 Bash(rm -rf build)' }));
    const box = (await screen.findByText(/已不在/)).closest('div')!;
    expect(box.textContent).toContain(`规则 Bash(rm -rf build) 已不在 ${PROJECT} 中`);
    expect(box.textContent).not.toContain('no longer in');
  });

  it('checks a new rule as it is typed with the engine’s own sentence', async () => {
    await renderRules();
    const form = screen.getByRole('form', { name: 'Add a rule' });
    fireEvent.change(within(form).getByLabelText('Rule'), { target: { value: 'Bash(npm' } });
    expect(within(form).getByRole('alert').textContent).toContain('must end with the ")"');
    expect((within(form).getByRole('button', { name: 'Add rule' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('says when a save was merged with a change made on disk meanwhile', async () => {
    await renderRules({ saveOutcome: { status: 'saved', merged: true } });
    fireEvent.click(screen.getByRole('button', { name: 'Delete Bash(rm -rf build)' }));
    expect(
      await screen.findByText('Saved, together with a change made to the file on disk meanwhile.'),
    ).toBeTruthy();
  });

  it('says in one sentence when the chosen folder cannot be opened', async () => {
    const fake = await renderRules();
    const field = screen.getByLabelText('Project folder');
    expect((field as HTMLInputElement).value).toBe(CWD);
    fake.changeRules({ ...initial, cwd: '/elsewhere' });
    fireEvent.change(field, { target: { value: '/nowhere' } });
    fireEvent.click(screen.getByRole('button', { name: 'Show rules' }));
    await waitFor(() =>
      expect(fake.calls.at(-1)).toEqual({ channel: 'rules:load', args: { cwd: '/nowhere' } }),
    );
  });
});
