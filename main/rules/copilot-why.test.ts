import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { PermissionRequest } from '../../common/protocol';
import { makeTempDir } from '../../tests/support/temp-dir';
import { createCopilotWhy } from './copilot-why';

let dir: Awaited<ReturnType<typeof makeTempDir>>;
let copilotHome: string;
beforeEach(async () => {
  dir = await makeTempDir();
  copilotHome = join(dir.path, '.copilot');
  await mkdir(copilotHome);
});
afterEach(() => dir.remove());

const request = (tool: string, input: Record<string, unknown>): PermissionRequest => ({
  type: 'permission.request',
  id: 'r',
  sessionId: 's',
  cwd: '/home/dev/shop',
  tool,
  input,
  mode: 'default',
});
const save = (locations: Record<string, unknown>) =>
  writeFile(join(copilotHome, 'permissions-config.json'), JSON.stringify({ locations }));

describe('why Copilot asked', () => {
  it('names the kind and says no approval is saved when the file is absent', async () => {
    const why = await createCopilotWhy({ copilotHome })(request('Bash', { command: 'touch a' }));
    expect(why).toEqual({
      kind: 'shell',
      permissionsFile: join(copilotHome, 'permissions-config.json'),
      saved: { state: 'none', approvals: [] },
    });
  });

  it('lists the folder’s saved approvals in Copilot’s words when none covers the call', async () => {
    await save({
      '/home/dev/shop': {
        tool_approvals: [
          { kind: 'commands', commandIdentifiers: ['git push', 'npm'] },
          { kind: 'mcp', serverName: 'github', toolName: 'create_issue' },
        ],
      },
      '/elsewhere': { tool_approvals: [{ kind: 'write' }] },
    });
    const why = await createCopilotWhy({ copilotHome })(request('edit', { file_path: '/home/dev/shop/a' }));
    expect(why.kind).toBe('write');
    expect(why.saved).toEqual({
      state: 'none',
      approvals: ['shell command (git push, npm)', 'MCP tool (github/create_issue)'],
    });
  });

  it('names the approval that covers a compound command, which Copilot’s own parser may allow', async () => {
    await save({
      '/home/dev/shop': { tool_approvals: [{ kind: 'commands', commandIdentifiers: ['touch'] }] },
    });
    const explain = createCopilotWhy({ copilotHome });
    expect((await explain(request('Bash', { command: 'touch a' }))).saved).toEqual({
      state: 'matched',
      approvals: ['shell command (touch)'],
    });
    expect((await explain(request('Bash', { command: 'touch a && rm b' }))).saved).toMatchObject({
      state: 'none',
    });
  });

  it('says the file could not be read, and why, when it is not JSON', async () => {
    await writeFile(join(copilotHome, 'permissions-config.json'), '{ locations');
    const why = await createCopilotWhy({ copilotHome })(request('view', { path: '/etc/x' }));
    expect(why).toMatchObject({ kind: 'read', saved: { state: 'unreadable' } });
  });
});
