import type { ChildProcess, ChildProcessWithoutNullStreams } from 'node:child_process';
import type { Page } from '@playwright/test';

/** Resolves with the address `gatehouse serve` prints once it listens; rejects with its stderr if it exits. */
export function webConsoleUrl(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let out = '';
    let err = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /^Web console: (\S+)$/m.exec(out);
      if (match?.[1]) resolve(match[1]);
    });
    child.stderr?.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.once('exit', (code) => reject(new Error(`gatehouse serve exited with ${code}: ${err}`)));
  });
}

/** Presses Enter where `gatehouse serve` runs, as a person does for a new link, and resolves with it. */
export function nextLink(child: ChildProcessWithoutNullStreams): Promise<string> {
  return new Promise((resolve) => {
    let out = '';
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      const link = /^Web console: (\S+)$/m.exec(out)?.[1];
      if (!link) return;
      child.stdout.off('data', onData);
      resolve(link);
    };
    child.stdout.on('data', onData);
    child.stdin.write('\n');
  });
}

/** The one-time code in a web console link's fragment. */
export function linkCode(url: string): string {
  return new URLSearchParams(new URL(url).hash.slice(1)).get('code') ?? '';
}

/**
 * Opens a new link in a tab already showing the console. Only the fragment changes, so `goto` returns at
 * once and the page then loads itself anew (renderer/src/main.tsx): wait for that load, or the next step
 * would read the old page.
 */
export async function openInThisTab(page: Page, link: string): Promise<void> {
  await Promise.all([page.waitForEvent('load'), page.goto(link)]);
}
