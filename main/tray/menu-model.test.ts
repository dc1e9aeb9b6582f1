import { describe, expect, it } from 'vitest';
import type { PendingRequestView } from '../../common/queue-contract';
import { defaultNeedsSecondLook } from '../notify/second-look';
import { MENU_REQUESTS, trayModel } from './menu-model';
import type { MenuItemModel, TrayState } from './menu-model';

const view = (
  id: string,
  command: string,
  receivedAt: number,
  agent = 'claude-code',
): PendingRequestView => ({
  id,
  sessionId: 's1',
  agent: { name: agent },
  cwd: '/home/dev/shop',
  tool: 'Bash',
  input: { command },
  mode: 'default',
  receivedAt,
});

const state = (overrides: Partial<TrayState> = {}): TrayState => ({
  pending: [],
  paused: false,
  launchAtLogin: false,
  needsSecondLook: defaultNeedsSecondLook,
  now: 0,
  ...overrides,
});

const labels = (items: readonly MenuItemModel[]) =>
  items.map((item) => (item.type === 'separator' ? '—' : item.label));

const submenu = (items: readonly MenuItemModel[], index: number) => {
  const item = items[index];
  if (item?.type !== 'submenu') throw new Error(`item ${index} is not a submenu`);
  return item;
};

describe('the tray model', () => {
  it('is idle with nothing waiting', () => {
    const model = trayModel(state());
    expect(model).toMatchObject({ icon: 'idle', tooltip: 'Gatehouse — nothing waiting', title: '' });
    expect(labels(model.menu)).toEqual([
      'Nothing waiting',
      '—',
      'Open console',
      'Rules',
      'History',
      '—',
      'Do not disturb',
      'Launch at login',
      '—',
      'Quit Gatehouse',
    ]);
  });

  it('shows the number waiting and lists the oldest requests first', () => {
    const model = trayModel(
      state({ pending: [view('new', 'npm run lint', 20), view('old', 'npm test', 10)] }),
    );
    expect(model).toMatchObject({ icon: 'waiting', tooltip: 'Gatehouse — 2 requests waiting', title: '2' });
    expect(labels(model.menu).slice(0, 3)).toEqual([
      '2 requests waiting',
      'Claude Code: npm test',
      'Claude Code: npm run lint',
    ]);
  });

  it('lists what goes back to its agent soon first, tells twin sessions apart, and counts down in the tooltip', () => {
    const now = 100_000;
    const codex = (id: string, session: string, left: number): PendingRequestView => ({
      ...view(id, `touch ${id}`, now, 'codex'),
      sessionId: session,
      deadline: now + left,
    });
    const model = trayModel(
      state({
        now,
        pending: [
          { ...view('edit', 'npm run build', 10), deadline: now + 500_000 },
          codex('one', '019aeb7c-1c4e-7a21-9d3f-5be2a8c41f07', 12_000),
          codex('two', '019aeb7c-2d90-7b44-8e01-c07d93e6b2a5', 25_000),
        ],
      }),
    );
    expect(model.tooltip).toBe('Gatehouse — 3 requests waiting · 2 hand back in 0:12');
    expect(labels(model.menu).slice(0, 4)).toEqual([
      '3 requests waiting',
      'Codex CLI: touch one',
      'Codex CLI: touch two',
      'Claude Code: npm run build',
    ]);
    expect(labels(submenu(model.menu, 1).items)[0]).toBe(
      'Codex CLI asks to run a command in shop, session a8c41f07',
    );
    expect(labels(submenu(model.menu, 2).items)[0]).toBe(
      'Codex CLI asks to run a command in shop, session 93e6b2a5',
    );
  });

  it('offers Approve and Deny bound to the request id when it is safe, and Open always', () => {
    const model = trayModel(state({ pending: [view('r1', 'npm test', 1)] }));
    const item = submenu(model.menu, 1);
    expect(item.items).toEqual([
      { type: 'normal', label: 'Claude Code asks to run a command in shop, session s1' },
      { type: 'normal', label: 'npm test' },
      { type: 'separator' },
      { type: 'normal', label: 'Approve', command: { kind: 'approve', id: 'r1' } },
      { type: 'normal', label: 'Deny', command: { kind: 'deny', id: 'r1' } },
      { type: 'normal', label: 'Open in console', command: { kind: 'open-request', id: 'r1' } },
    ]);
  });

  it('offers Open only for a request that needs a second look', () => {
    const model = trayModel(state({ pending: [view('r1', 'git push --force', 1)] }));
    expect(labels(submenu(model.menu, 1).items).slice(3)).toEqual([
      'Needs a second look: open it to answer',
      'Open in console',
    ]);
  });

  it('offers Open only for a command too long to show', () => {
    const model = trayModel(state({ pending: [view('r1', `echo ${'y'.repeat(200)}`, 1)] }));
    const items = submenu(model.menu, 1).items;
    expect(items.some((item) => item.type === 'normal' && item.command?.kind === 'approve')).toBe(false);
  });

  it('asks the predicate it is given', () => {
    const model = trayModel(state({ pending: [view('r1', 'ls', 1)], needsSecondLook: () => true }));
    expect(labels(submenu(model.menu, 1).items)).not.toContain('Approve');
  });

  it('lists at most a few requests and points to the console for the rest', () => {
    const pending = Array.from({ length: MENU_REQUESTS + 2 }, (_, i) => view(`r${i}`, `echo ${i}`, i));
    const model = trayModel(state({ pending }));
    const submenus = model.menu.filter((item) => item.type === 'submenu');
    expect(submenus).toHaveLength(MENU_REQUESTS);
    expect(model.menu[MENU_REQUESTS + 1]).toEqual({
      type: 'normal',
      label: '2 more in the console…',
      command: { kind: 'open-console' },
    });
  });

  it('shows the paused icon and a checked Do not disturb while paused, with the count still in the tooltip', () => {
    const model = trayModel(state({ paused: true, pending: [view('r1', 'ls', 1)] }));
    expect(model).toMatchObject({
      icon: 'paused',
      tooltip: 'Gatehouse — 1 request waiting · Do not disturb',
      title: '1',
    });
    expect(model.menu).toContainEqual({
      type: 'checkbox',
      label: 'Do not disturb',
      checked: true,
      command: { kind: 'toggle-do-not-disturb' },
    });
  });

  it('reflects Launch at login, and leaves it out where it cannot work', () => {
    expect(trayModel(state({ launchAtLogin: true })).menu).toContainEqual({
      type: 'checkbox',
      label: 'Launch at login',
      checked: true,
      command: { kind: 'toggle-launch-at-login' },
    });
    expect(labels(trayModel(state({ launchAtLogin: undefined })).menu)).not.toContain('Launch at login');
  });

  it('keeps an agent-chosen label to one short line', () => {
    const model = trayModel(state({ pending: [view('r1', 'ls', 1, `bad\nname ${'z'.repeat(100)}`)] }));
    const label = submenu(model.menu, 1).label;
    expect(label).not.toContain('\n');
    expect(Array.from(label).length).toBeLessThanOrEqual(60);
  });

  it('words a refusal card as the card does: who refused, the reason, and its two answers', () => {
    const refusal: PendingRequestView = {
      ...view('refused', 'git push origin main', 10),
      provenance: {
        type: 'classifier-refusal',
        source: 'classifier',
        message: 'Pushes to the default branch',
      },
    };
    const item = submenu(trayModel(state({ pending: [refusal] })).menu, 1);
    expect(item.label).toBe('Claude Code, refused: git push origin main');
    expect(labels(item.items)).toEqual([
      'Claude Code’s classifier refused a call to run a command in shop, session s1',
      'git push origin main',
      'The classifier’s reason: Pushes to the default branch',
      'Allow and let it retry lets Claude Code try this exact call once more.',
      '—',
      'Allow and let it retry',
      'Leave it refused',
      'Open in console',
    ]);
    expect(item.items.flatMap((each) => ('command' in each && each.command ? [each.command] : []))).toEqual([
      { kind: 'approve', id: 'refused' },
      { kind: 'deny', id: 'refused' },
      { kind: 'open-request', id: 'refused' },
    ]);
  });

  it('offers no answer to a refusal whose reason hides characters', () => {
    const refusal: PendingRequestView = {
      ...view('hidden', 'ls', 10),
      provenance: { type: 'classifier-refusal', message: 'fine\u200b' },
    };
    const item = submenu(trayModel(state({ pending: [refusal] })).menu, 1);
    expect(labels(item.items)).toEqual([
      'Claude Code’s classifier refused a call to run a command in shop, session s1',
      'ls',
      'The classifier’s reason: fine',
      '—',
      'Open it to see all of it and answer',
      'Open in console',
    ]);
  });
});
