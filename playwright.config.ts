import { defineConfig } from '@playwright/test';

// Debian's Chromium, never a downloaded browser: these flags are what it needs to run headless as root on a
// machine with no network beyond loopback.
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'test-results',
  fullyParallel: false,
  workers: 1,
  timeout: 60_000,
  /*
   * Every expect waits on a condition the page reaches by itself; on a 2-core machine with another job
   * beside it, a fresh console's first connect took over the default 5 s, so waits get 10 s.
   */
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: 'reports/playwright.json' }]],
  use: {
    headless: true,
    launchOptions: {
      executablePath: process.env.GATEHOUSE_CHROMIUM ?? '/usr/bin/chromium',
      args: CHROMIUM_ARGS,
    },
    screenshot: 'only-on-failure',
    trace: 'off',
  },
});
