/**
 * An interactive agent in a detached tmux pane: started with exactly the sandbox's environment, read by
 * capturing the screen, driven by sending keys.
 */
import { execFileSync } from 'node:child_process';

export class TmuxPane {
  protected constructor(
    readonly session: string,
    private readonly pid: number,
  ) {}

  screen(): string {
    return execFileSync('tmux', ['capture-pane', '-p', '-t', this.session], { encoding: 'utf8' });
  }

  keys(...keys: string[]): void {
    execFileSync('tmux', ['send-keys', '-t', this.session, ...keys]);
  }

  /** Types a prompt and submits it. */
  prompt(text: string): void {
    this.keys('-l', text);
    this.keys('Enter');
  }

  /** Polls the screen until it shows `pattern`; fails with the screen when it never does. */
  async waitFor(pattern: RegExp, withinMs = 30_000): Promise<string> {
    const giveUp = Date.now() + withinMs;
    for (;;) {
      const screen = this.screen();
      if (pattern.test(screen)) return screen;
      if (Date.now() > giveUp) throw new Error(`The terminal never showed ${pattern}:\n${screen}`);
      await new Promise((tick) => setTimeout(tick, 100));
    }
  }

  /**
   * Answers the agent's own prompt, matched by `prompt`, with `key`. An agent may draw its prompt before it
   * takes keys (Claude Code ignores them for a moment on purpose; a loaded machine delays the others), so
   * the key is pressed until the prompt is gone. A capture taken mid-redraw can miss the prompt, so it
   * counts as gone only when three captures in a row agree.
   */
  async answer(prompt: RegExp, key: string, withinMs = 30_000): Promise<void> {
    await this.waitFor(prompt, withinMs);
    const giveUp = Date.now() + withinMs;
    let goneFor = 0;
    while (goneFor < 3) {
      if (prompt.test(this.screen())) {
        goneFor = 0;
        if (Date.now() > giveUp) throw new Error(`The prompt never took ${key}:\n${this.screen()}`);
        this.keys(key);
        await new Promise((tick) => setTimeout(tick, 250));
      } else {
        goneFor += 1;
        await new Promise((tick) => setTimeout(tick, 150));
      }
    }
  }

  /** Ends the session and waits for the agent to be gone, so its HOME can be removed. */
  async close(): Promise<void> {
    execFileSync('tmux', ['kill-session', '-t', this.session], { stdio: 'ignore' });
    while (isRunning(this.pid)) await new Promise((tick) => setTimeout(tick, 50));
  }
}

/** Starts `argv` in `cwd` with only `env` (no inherited variables) in a 120×40 pane; its process id. */
export function startPane(
  name: string,
  cwd: string,
  env: NodeJS.ProcessEnv,
  argv: readonly string[],
): number {
  const envArgs = Object.entries(env).flatMap(([key, value]) => (value ? [`${key}=${value}`] : []));
  const pid = execFileSync(
    'tmux',
    ['new-session', '-d', '-P', '-F', '#{pane_pid}', '-s', name, '-x', '120', '-y', '40', '-c', cwd].concat([
      'env',
      '-i',
      ...envArgs,
      ...argv,
    ]),
    { encoding: 'utf8' },
  );
  return Number(pid.trim());
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
