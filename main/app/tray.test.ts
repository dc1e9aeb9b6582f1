import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PermissionDecision, PermissionRequest } from '../../common/protocol';
import { committed } from '../../tests/support/committed';
import { Notifier } from '../notify';
import { createFakeBackend } from '../notify/testing/fake-backend';
import { createMemoryDecisionStore } from '../history/decision-store';
import { RaceRegistry } from '../registry/race-registry';
import { createFakeElectron, FakeTray } from './testing/electron-fake';
import type { FakeMenuItem } from './testing/electron-fake';
import { createTray, trayIconDir } from './tray';
import type { TrayElectron, TrayOptions } from './tray';

const electron = createFakeElectron();
vi.mock('electron', () => electron);

let registry: RaceRegistry;
let store: ReturnType<typeof createMemoryDecisionStore>;
let notifier: Notifier;
let delivered: PermissionDecision[];
let callbacks: Pick<TrayOptions, 'onOpenConsole' | 'onOpenRules' | 'onOpenHistory' | 'onQuit'>;
let trayHandle: { destroy(): void } | undefined;

beforeEach(() => {
  store = createMemoryDecisionStore();
  registry = new RaceRegistry({
    store,
    defaultTimeoutMs: 600_000,
    timeoutAction: 'passthrough',
    disconnectGraceMs: 1_000,
    resumeGraceMs: 1_000,
    // Read through the global each time, so a test's fake clock moves the registry's deadlines too.
    now: () => Date.now(),
  });
  notifier = new Notifier({ source: registry, backend: { backend: createFakeBackend().backend } });
  delivered = [];
  callbacks = { onOpenConsole: vi.fn(), onOpenRules: vi.fn(), onOpenHistory: vi.fn(), onQuit: vi.fn() };
  FakeTray.instances = [];
});

afterEach(() => {
  trayHandle?.destroy();
  notifier.close();
  registry.close();
});

function start(options: Partial<TrayOptions> = {}) {
  trayHandle = createTray(electron as unknown as TrayElectron, {
    registry,
    notifier,
    iconDir: '/icons',
    platform: 'linux',
    ...callbacks,
    ...options,
  });
  return FakeTray.instances[0]!;
}

function submit(id: string, command = 'npm test', agent = 'claude-code', timeoutMs?: number) {
  const request: PermissionRequest = {
    type: 'permission.request',
    id,
    sessionId: 's1',
    cwd: '/home/dev/shop',
    tool: 'Bash',
    input: { command },
    mode: 'default',
    ...(timeoutMs === undefined ? {} : { timeoutMs }),
  };
  registry.submit(request, { name: agent }, (decision) => delivered.push(decision));
}

const menu = (tray: FakeTray) => tray.contextMenu!.template;
const item = (items: readonly FakeMenuItem[], label: string) => {
  const found = items.find((entry) => entry.label === label);
  if (!found) throw new Error(`no menu item "${label}" in ${items.map((entry) => entry.label).join(', ')}`);
  return found;
};

describe('the tray', () => {
  it('starts idle, with the icon from its folder and the fixed items', () => {
    const tray = start();
    expect(tray.image.path).toBe('/icons/tray-idle.png');
    expect(tray.toolTip).toBe('Gatehouse — nothing waiting');
    expect(menu(tray).map((entry) => entry.label ?? entry.type)).toEqual([
      'Nothing waiting',
      'separator',
      'Open console',
      'Rules',
      'History',
      'separator',
      'Do not disturb',
      'separator',
      'Quit Gatehouse',
    ]);
    expect(item(menu(tray), 'Nothing waiting').enabled).toBe(false);
  });

  it('shows a waiting request and approves it as the tray racer, for that request', async () => {
    const tray = start();
    submit('r1');
    submit('r2', 'npm run lint');
    expect(tray.image.path).toBe('/icons/tray-waiting.png');
    expect(tray.toolTip).toBe('Gatehouse — 2 requests waiting');
    const request = item(menu(tray), 'Claude Code: npm run lint');
    item(request.submenu!, 'Approve').click!();
    await committed();
    expect(delivered).toEqual([{ type: 'permission.decision', id: 'r2', by: 'tray', behavior: 'allow' }]);
    expect(store.records[0]).toMatchObject({ channel: 'tray' });
    expect(menu(tray).map((entry) => entry.label)).not.toContain('Claude Code: npm run lint');
    expect(tray.toolTip).toBe('Gatehouse — 1 request waiting');
  });

  it('counts down in its tooltip while a request is about to go back to its agent', () => {
    vi.useFakeTimers();
    try {
      const tray = start();
      submit('r1');
      expect(tray.toolTip).toBe('Gatehouse — 1 request waiting');
      submit('codex-call', 'touch marker', 'codex', 30_000);
      expect(tray.toolTip).toBe('Gatehouse — 2 requests waiting · 1 hands back in 0:30');
      vi.advanceTimersByTime(18_000);
      expect(tray.toolTip).toBe('Gatehouse — 2 requests waiting · 1 hands back in 0:12');
      expect(menu(tray)[1]?.label).toBe('Codex CLI: touch marker');
    } finally {
      trayHandle?.destroy();
      trayHandle = undefined;
      vi.useRealTimers();
    }
  });

  it('denies from the menu', async () => {
    const tray = start();
    submit('r1');
    item(item(menu(tray), 'Claude Code: npm test').submenu!, 'Deny').click!();
    await committed();
    expect(delivered).toEqual([{ type: 'permission.decision', id: 'r1', by: 'tray', behavior: 'deny' }]);
    expect(tray.image.path).toBe('/icons/tray-idle.png');
  });

  it('offers no Approve for a dangerous request, only Open, which names it', () => {
    const tray = start();
    submit('r1', 'sudo rm -rf /var/lib');
    const request = item(menu(tray), 'Claude Code: sudo rm -rf /var/lib');
    expect(request.submenu!.map((entry) => entry.label)).not.toContain('Approve');
    item(request.submenu!, 'Open in console').click!();
    expect(callbacks.onOpenConsole).toHaveBeenCalledWith('r1');
    expect(registry.has('r1')).toBe(true);
  });

  it('routes Open console, Rules, History and Quit to their callbacks', () => {
    const tray = start();
    for (const label of ['Open console', 'Rules', 'History', 'Quit Gatehouse'])
      item(menu(tray), label).click!();
    expect(callbacks.onOpenConsole).toHaveBeenCalledWith();
    expect(callbacks.onOpenRules).toHaveBeenCalled();
    expect(callbacks.onOpenHistory).toHaveBeenCalled();
    expect(callbacks.onQuit).toHaveBeenCalled();
  });

  it('turns Do not disturb on and off on the notifier, with the paused icon meanwhile', () => {
    const tray = start();
    item(menu(tray), 'Do not disturb').click!();
    expect(notifier.doNotDisturb).toBe(true);
    expect(tray.image.path).toBe('/icons/tray-paused.png');
    expect(item(menu(tray), 'Do not disturb').checked).toBe(true);
    item(menu(tray), 'Do not disturb').click!();
    expect(notifier.doNotDisturb).toBe(false);
    expect(tray.image.path).toBe('/icons/tray-idle.png');
  });

  it('redraws when Do not disturb changes elsewhere', () => {
    const tray = start();
    notifier.setDoNotDisturb(true);
    expect(tray.toolTip).toBe('Gatehouse — nothing waiting · Do not disturb');
  });

  it('toggles Launch at login through the login item it is given', () => {
    let on = false;
    const loginItem = { get: () => on, set: vi.fn((value: boolean) => (on = value)) };
    const tray = start({ loginItem });
    item(menu(tray), 'Launch at login').click!();
    expect(loginItem.set).toHaveBeenCalledWith(true);
    expect(item(menu(tray), 'Launch at login').checked).toBe(true);
  });

  it('shows an agent’s "&" as written on Linux and Windows', () => {
    const tray = start();
    submit('r1', 'make && make test');
    expect(menu(tray).map((entry) => entry.label)).toContain('Claude Code: make &&&& make test');
  });

  it('puts the number waiting beside the icon on macOS', () => {
    const tray = start({ platform: 'darwin' });
    submit('r1', 'a && b');
    expect(tray.title).toBe('1');
    expect(menu(tray).map((entry) => entry.label)).toContain('Claude Code: a && b');
  });

  it('opens the console on a left click on Windows', () => {
    const tray = start({ platform: 'win32' });
    tray.emit('click');
    expect(callbacks.onOpenConsole).toHaveBeenCalledWith();
  });

  it('stops redrawing and removes the icon when destroyed', () => {
    const tray = start();
    trayHandle!.destroy();
    trayHandle = undefined;
    submit('r1');
    expect(tray.destroyed).toBe(true);
    expect(tray.toolTip).toBe('Gatehouse — nothing waiting');
  });
});

describe('trayIconDir', () => {
  it('uses the extra resources when packaged and the repository otherwise', () => {
    expect(trayIconDir({ isPackaged: true, getAppPath: () => '/x/app.asar' }, '/x')).toBe('/x/tray');
    expect(trayIconDir({ isPackaged: false, getAppPath: () => '/repo' }, undefined)).toBe(
      '/repo/resources/tray',
    );
  });
});
