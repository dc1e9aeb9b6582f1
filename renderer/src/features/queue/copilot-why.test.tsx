import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { CopilotWhy, PendingRequestView } from '../../../../common/queue-contract';
import { pendingRequest } from '../../testing/fake-console-api';
import { renderApp } from '../../testing/render-app';

afterEach(cleanup);

beforeAll(() => {
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => 800 });
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => 1000 });
});

const base = pendingRequest('c');
const FILE = '/home/dev/.copilot/permissions-config.json';
const copilotCard = (copilot: CopilotWhy): PendingRequestView => ({
  ...base,
  agent: { name: 'copilot' },
  input: { command: 'touch made.txt' },
  explanation: {
    ...base.explanation!,
    copilot,
    nearMisses: [{ text: 'Bash(git *)', behavior: 'ask', source: 'userSettings' }],
  },
});

async function whyOf(request: PendingRequestView) {
  await renderApp([request], { fake: { status: { version: '0.1.0', tokenStorage: 'file', warnings: [] } } });
  return screen.getByRole('region', { name: /^Why it asked: / });
}

describe('why Copilot asked, on its card', () => {
  it('shows the permission kind, the approval setting and that no saved approval covers it, not the engine’s reading', async () => {
    const why = await whyOf(
      copilotCard({ kind: 'shell', permissionsFile: FILE, saved: { state: 'none', approvals: [] } }),
    );
    expect(why.textContent).toContain('Permission kindshell');
    expect(why.textContent).toContain('Approval settingasks: COPILOT_ALLOW_ALL is off');
    expect(why.textContent).toContain(`Saved approvalNone saved for this folder covers the call (${FILE}).`);
    for (const engine of ['No rule matched', 'Almost matched']) expect(why.textContent).not.toContain(engine);
  });

  it('lists the folder’s other saved approvals, and one that covers a compound command', async () => {
    const others = await whyOf(
      copilotCard({
        kind: 'write',
        permissionsFile: FILE,
        saved: { state: 'none', approvals: ['shell command (git push)', 'read'] },
      }),
    );
    expect(others.textContent).toContain('Permission kindwrite');
    expect(others.textContent).toContain(
      `Saved for this folder, none covering the call: shell command (git push); read (${FILE}).`,
    );
    cleanup();
    const matched = await whyOf(
      copilotCard({
        kind: 'shell',
        permissionsFile: FILE,
        saved: { state: 'matched', approvals: ['shell command (touch)'] },
      }),
    );
    expect(matched.textContent).toContain('Copilot’s own check, after this card, may allow it');
  });
});
