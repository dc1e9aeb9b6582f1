import { describe, expect, it } from 'vitest';
import { copilotHookFileOf, installCopilotHook, uninstallCopilotHook } from './copilot-hooks';

const LAUNCHER = { node: '/usr/bin/node', cli: '/home/me/.gatehouse/gatehouse-hook.cjs' };
const OTHER = { type: 'command', bash: './audit.sh', timeoutSec: 5 };

describe("Gatehouse's hook in a Copilot hook config", () => {
  it('goes after the hooks already there, keeping every other setting', () => {
    const file = { theme: 'dim', hooks: { permissionRequest: [OTHER], preToolUse: [OTHER] } };
    const { settings, changed } = installCopilotHook(file, LAUNCHER);
    expect(changed).toBe(true);
    expect(settings).toEqual({
      theme: 'dim',
      hooks: {
        permissionRequest: [
          OTHER,
          {
            type: 'command',
            bash: '/usr/bin/node /home/me/.gatehouse/gatehouse-hook.cjs hook copilot permission-request',
            timeoutSec: 600,
          },
        ],
        preToolUse: [OTHER],
      },
    });
    expect(installCopilotHook(settings, LAUNCHER).changed).toBe(false);
  });

  it('comes out again, leaving the file as it was', () => {
    const file = { theme: 'dim', hooks: { permissionRequest: [OTHER] } };
    const installed = installCopilotHook(file, LAUNCHER).settings;
    expect(uninstallCopilotHook(installed)).toEqual({ settings: file, changed: true });
    expect(uninstallCopilotHook(file).changed).toBe(false);
    const bare = installCopilotHook({}, LAUNCHER).settings;
    expect(uninstallCopilotHook(bare).settings).toEqual({});
  });

  it("starts a project's hook file in Copilot's documented shape", () => {
    const file = copilotHookFileOf(undefined, true);
    expect(installCopilotHook(file, LAUNCHER).settings).toMatchObject({
      version: 1,
      hooks: { permissionRequest: [{ type: 'command' }] },
    });
  });

  it('refuses a file whose hooks it cannot edit, with the reason', () => {
    expect(() => copilotHookFileOf('{"hooks": {"permissionRequest": {}}}', false)).toThrow(
      /"hooks.permissionRequest" is not a list/,
    );
    expect(() => copilotHookFileOf('{ // note\n}', false)).toThrow(/not valid JSON/);
  });
});
