import { beforeAll, describe, expect, it } from 'vitest';
import { loadInstalledBashSupport } from '../node/bash-wasm';
import type { BashSupport } from '../tools/bash-tool';
import { createHeuristicClassifier } from './heuristic';
import { assessRisk } from './risk';
import type { RiskLabel } from '../types';

let bash: BashSupport;
beforeAll(async () => {
  bash = await loadInstalledBashSupport();
});

describe('assessRisk', () => {
  it.each([
    ['ls -la && git status', 'read-only'],
    ['npm run build', 'unknown'],
    ['pytest && du -sh .', 'unknown'],
    ['echo $(whoami)', 'unknown'],
    ['echo hi > notes.txt', 'writes files'],
    ['mkdir -p out && touch out/x', 'writes files'],
    ["sed -i 's/a/b/' f.txt", 'writes files'],
    ['git commit -m x', 'writes files'],
    ['cat ~/.ssh/id_ed25519', 'reads secrets'],
    ['grep token .env', 'reads secrets'],
    ['wc -l < ~/.aws/credentials', 'reads secrets'],
    ['ls && cat ~/.ssh/id_ed25519.pub', 'read-only'],
    ['curl https://example.com', 'network'],
    ['git push origin main', 'network'],
    ['npm install left-pad', 'network'],
    ['rm -rf build', 'destructive'],
    ['git reset --hard HEAD~1', 'destructive'],
    ['git push --force', 'destructive'],
    ['sudo apt-get install x', 'privileged'],
    ['ls && sudo rm -rf /', 'privileged'],
    ["ssh deploy@host 'sudo systemctl restart app'", 'privileged'],
    ['ssh host uptime', 'network'],
    // Names of an object's own keys are commands like any other, not lookups into a table's prototype.
    ['constructor push', 'unknown'],
    ['__proto__ install', 'unknown'],
    ['hasOwnProperty x', 'unknown'],
  ] as const)('labels `%s` %s', (command, label) => {
    expect(assessRisk({ toolName: 'Bash', input: { command } }, bash)).toBe(label);
  });

  it.each([
    ['Read', { file_path: '/home/u/.ssh/id_ed25519' }],
    ['Read', { file_path: '.env.local' }],
    ['Grep', { pattern: 'token', path: '~/.aws' }],
    ['Glob', { pattern: '**/.env' }],
    ['Grep', { pattern: 'x', glob: '*.pem' }],
  ] as const)('labels %s of %j as reading secrets', (toolName, input) => {
    expect(assessRisk({ toolName, input }, bash)).toBe('reads secrets');
  });

  it.each([
    ['Read', 'read-only'],
    ['Grep', 'read-only'],
    ['Edit', 'writes files'],
    ['NotebookEdit', 'writes files'],
    ['WebFetch', 'network'],
    ['WebSearch', 'network'],
    ['mcp__github__get_issue', 'read-only'],
    ['mcp__github__delete_repo', 'destructive'],
    ['mcp__github__create_issue', 'network'],
    ['Agent', 'writes files'],
  ] as const)('labels %s %s', (toolName, label) => {
    expect(assessRisk({ toolName, input: {} }, bash)).toBe(label);
  });
});

describe('the heuristic classifier', () => {
  const classifier = createHeuristicClassifier();
  const ask = (risk: RiskLabel, toolName = 'Bash', input: Record<string, unknown> = {}) =>
    classifier.classify({
      call: { toolName, input },
      cwd: '/p',
      home: '/h',
      workingDirectories: ['/p'],
      risk,
    });

  it('is deterministic and judges by risk', async () => {
    expect(await ask('read-only')).toMatchObject({ verdict: 'allow', confidence: 0.95 });
    expect(await ask('privileged')).toMatchObject({ verdict: 'deny' });
    expect(await ask('destructive')).toMatchObject({ verdict: 'deny' });
    expect(await ask('network')).toMatchObject({ verdict: 'unsure' });
    expect(await ask('writes files')).toMatchObject({ verdict: 'unsure' });
    expect(await ask('read-only')).toEqual(await ask('read-only'));
  });

  it('allows edits inside the working folders only', async () => {
    expect(await ask('writes files', 'Edit', { file_path: 'src/a.ts' })).toMatchObject({ verdict: 'allow' });
    expect(await ask('writes files', 'Edit', { file_path: '/etc/hosts' })).toMatchObject({
      verdict: 'unsure',
    });
  });
});
