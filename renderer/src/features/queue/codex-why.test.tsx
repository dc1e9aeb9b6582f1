import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { CodexWhy, PendingRequestView } from '../../../../common/queue-contract';
import { pendingRequest } from '../../testing/fake-console-api';
import { renderApp } from '../../testing/render-app';

afterEach(cleanup);

beforeAll(() => {
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => 800 });
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => 1000 });
});

const base = pendingRequest('c');
const codexCard = (codex: CodexWhy): PendingRequestView => ({
  ...base,
  agent: { name: 'codex' },
  input: { command: 'git push origin main && touch x', description: 'Publish' },
  turnId: '01a24172-edcd-7751-b428-52383ef08537',
  explanation: {
    ...base.explanation!,
    codex,
    nearMisses: [{ text: 'Bash(git *)', behavior: 'ask', source: 'userSettings' }],
  },
});

async function whyOf(request: PendingRequestView) {
  await renderApp([request], { fake: { status: { version: '0.1.0', tokenStorage: 'file', warnings: [] } } });
  return screen.getByRole('region', { name: /^Why it asked: / });
}

describe('why Codex asked, on its card', () => {
  it('shows the policy, the sandbox, each matched rule with its file, and the turn, not the engine’s reading', async () => {
    const why = await whyOf(
      codexCard({
        approvalPolicy: 'on-request',
        sandbox: 'workspace-write',
        execPolicy: {
          state: 'matched',
          decision: 'forbidden',
          rules: [
            {
              prefix: ['git', 'push'],
              decision: 'forbidden',
              justification: 'Pushes go through CI.',
              file: '/home/dev/.codex/rules/team.rules',
            },
            {
              prefix: ['touch'],
              decision: 'prompt',
              file: '/home/dev/projects/shop/.codex/rules/local.rules',
            },
          ],
        },
      }),
    );
    expect(why.textContent).toContain('Approval policyon-request');
    expect(why.textContent).toContain('Sandboxworkspace-write');
    const [push, touch] = within(why).getAllByRole('listitem');
    expect(push!.textContent).toBe(
      'forbidden git push/home/dev/.codex/rules/team.rulesPushes go through CI.',
    );
    expect(touch!.textContent).toBe('prompt touch./.codex/rules/local.rules');
    expect(within(why).getByTitle('01a24172-edcd-7751-b428-52383ef08537').textContent).toBe('3ef08537');
    for (const engine of ['Mode', 'No rule matched this call.', 'Almost matched'])
      expect(why.textContent).not.toContain(engine);
  });

  it('says when the rollout file did not give the policy, and when no rule matched', async () => {
    const why = await whyOf(codexCard({ execPolicy: { state: 'none', files: ['/a.rules', '/b.rules'] } }));
    expect(why.textContent).toContain('Approval policynot found in the session’s rollout file');
    expect(why.textContent).toContain(
      'No rule in the 2 .rules files matches: the approval policy and sandbox made Codex ask.',
    );
  });
});
