/**
 * The queue's end-to-end harness: the built `gatehouse serve` with its own HOME (so the user settings the
 * explainer reads are the test's), a project folder with Claude Code settings, and hooks spawned exactly
 * as Claude Code spawns them. Every wait is on a condition, never on a clock.
 */
import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from '@playwright/test';
import type { Locator, Page } from '@playwright/test';
import { CLI, assertBuilt, spawnHook } from './console-process';
import type { HookRun } from './console-process';
import { nextLink, webConsoleUrl } from '../support/web-console-url';

export interface QueueConsole {
  /** The link `gatehouse serve` printed first: it opens the console once. */
  readonly url: string;
  /** A new link, as a person gets one by pressing Enter where `gatehouse serve` runs. */
  newLink(): Promise<string>;
  /** Gatehouse's folder (bridge.json lives here). */
  readonly home: string;
  /** A project with `.claude/settings.json`: the cwd of every request unless a test says otherwise. */
  readonly project: string;
  ask(tool: string, input: Record<string, unknown>, options?: AskOptions): HookRun;
  /** A Claude Code hook that tells the console a session moved on (PostToolUse, UserPromptSubmit, …). */
  sessionEvent(event: string, payload: Record<string, unknown>): Promise<void>;
  /** Everything `gatehouse serve` has printed so far, stdout and stderr: its log. */
  output(): string;
  stop(): Promise<void>;
}

export interface AskOptions {
  readonly session?: string;
  readonly cwd?: string;
  readonly mode?: string;
  readonly suggestions?: unknown[];
  readonly timeoutMs?: number;
  /** Ask as the Codex CLI's hook does (`hook codex permission-request`) instead of Claude Code's. */
  readonly codex?: boolean;
  /** Codex's turn_id. */
  readonly turn?: string;
  /** The session's transcript (Codex's rollout file); a path nothing is written at unless given. */
  readonly transcript?: string;
}

export const PROJECT_SETTINGS = {
  permissions: {
    allow: ['Bash(npm run build *)', 'Bash(npm test *)', 'Bash(git status)'],
    ask: ['Bash(git push *)'],
  },
};

export async function startQueueConsole(
  options: {
    consoleSettings?: string;
    timeoutMs?: number;
    /** Runs before the console starts, with its home and the project: where a test writes a history. */
    prepare?: (home: string, project: string) => void | Promise<void>;
  } = {},
): Promise<QueueConsole> {
  assertBuilt();
  const root = await mkdtemp(join(tmpdir(), 'gatehouse-queue-'));
  const home = join(root, 'gatehouse');
  const userHome = join(root, 'user');
  const project = join(root, 'shop');
  await mkdir(join(project, '.claude'), { recursive: true });
  await mkdir(join(userHome, '.claude'), { recursive: true });
  await mkdir(home, { recursive: true, mode: 0o700 });
  await writeFile(join(project, '.claude', 'settings.json'), JSON.stringify(PROJECT_SETTINGS, null, 2));
  if (options.consoleSettings !== undefined)
    await writeFile(join(home, 'settings.json'), options.consoleSettings);
  await options.prepare?.(home, project);

  const args = [
    CLI,
    'serve',
    '--home',
    home,
    ...(options.timeoutMs ? ['--timeout', String(options.timeoutMs)] : []),
  ];
  const child = spawn(process.execPath, args, {
    stdio: 'pipe',
    env: { PATH: process.env.PATH ?? '', HOME: userHome },
  });
  let printed = '';
  const record = (chunk: Buffer) => (printed += chunk.toString());
  child.stdout.on('data', record);
  child.stderr.on('data', record);
  const url = await webConsoleUrl(child);

  const env = { HOME: userHome };
  return {
    url,
    newLink: () => nextLink(child),
    output: () => printed,
    home,
    project,
    ask(tool, input, ask = {}) {
      return spawnHook(
        home,
        {
          session_id: ask.session ?? 'e2e-session-7f3a91c2',
          transcript_path: ask.transcript ?? '/tmp/transcript.jsonl',
          ...(ask.turn ? { turn_id: ask.turn } : {}),
          cwd: ask.cwd ?? project,
          permission_mode: ask.mode ?? 'default',
          hook_event_name: 'PermissionRequest',
          tool_name: tool,
          tool_input: input,
          ...(ask.suggestions ? { permission_suggestions: ask.suggestions } : {}),
        },
        { ...env, ...(ask.timeoutMs ? { GATEHOUSE_HOOK_TIMEOUT_MS: String(ask.timeoutMs) } : {}) },
        ask.codex ? ['codex'] : [],
      );
    },
    async sessionEvent(event, payload) {
      const child = spawn(process.execPath, [CLI, 'hook', event], {
        stdio: ['pipe', 'pipe', 'pipe'],
        env: {
          PATH: process.env.PATH ?? '',
          ...env,
          GATEHOUSE_HOOK_TIMEOUT_MS: '5000',
          GATEHOUSE_HOME: home,
        },
      });
      child.stdin.end(JSON.stringify({ session_id: 'e2e-session-7f3a91c2', cwd: project, ...payload }));
      await new Promise((r) => child.once('exit', r));
    },
    async stop() {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
      await rm(root, { recursive: true, force: true });
    },
  };
}

/** What the hook printed, parsed: Claude Code reads exactly this. */
export async function hookDecision(run: HookRun): Promise<Record<string, unknown> | undefined> {
  const { code, stdout } = await run.exit;
  expect(code).toBe(0);
  if (stdout.trim() === '') return undefined;
  return (JSON.parse(stdout) as { hookSpecificOutput: { decision: Record<string, unknown> } })
    .hookSpecificOutput.decision;
}

export function card(page: Page, text: string): Locator {
  return page.locator('article[data-request-id]').filter({ hasText: text });
}

/** Moves the keyboard cursor to a card (by clicking its header) and waits until its keys are armed. */
export async function armCard(target: Locator): Promise<void> {
  await target.locator('.card__tool').click();
  await expect(target).toHaveAttribute('data-armed', 'true');
}

/** Unseen lines the card's cue counts, 0 once it is gone: read without waiting, as the cue may just go. */
async function unseenLines(target: Locator): Promise<number> {
  const [cue] = await target.locator('.review .seen-gate').allTextContents();
  return cue === undefined ? 0 : Number(/[\d,]+/.exec(cue)?.[0].replace(/,/g, ''));
}

/**
 * Presses the card's "Next" until nothing is left unseen, checking that each press shows something new;
 * returns how many presses it took.
 */
export async function stepThrough(target: Locator, next: string): Promise<number> {
  let steps = 0;
  for (let left = await unseenLines(target); left > 0; left = await unseenLines(target)) {
    await target.getByRole('button', { name: next }).click();
    await expect.poll(() => unseenLines(target)).toBeLessThan(left);
    steps += 1;
  }
  return steps;
}

const require = createRequire(import.meta.url);

/**
 * Rules axe rates moderate that still fail the check: landmarks that share a name cannot be told apart by
 * a screen reader's landmark list, and a queue of several cards is where that happens.
 */
const ENFORCED_MODERATE = ['landmark-unique'];

/**
 * axe-core run in the page; fails on serious or critical violations and on the moderate ones above, naming
 * each. The console's CSP allows
 * no inline script (so `addScriptTag` is refused), and the test must not weaken it: axe's source is
 * evaluated through the DevTools protocol instead, which a page's CSP does not govern.
 */
export async function expectAccessible(page: Page, what: string): Promise<void> {
  await page.evaluate(await readFile(require.resolve('axe-core'), 'utf8'));
  const violations = await page.evaluate(async (enforced) => {
    const axe = (window as unknown as { axe: { run(): Promise<{ violations: AxeViolation[] }> } }).axe;
    const result = await axe.run();
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical' || enforced.includes(v.id))
      .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
  }, ENFORCED_MODERATE);
  expect(violations, `axe on ${what}`).toEqual([]);
}

interface AxeViolation {
  id: string;
  impact?: string;
  help: string;
  nodes: Array<{ target: string[] }>;
}

export const SIZES = {
  window: { width: 1280, height: 800 },
  tray: { width: 420, height: 700 },
} as const;

export async function screenshot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `test-results/screenshots/${name}.png` });
}
