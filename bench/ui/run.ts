/**
 * Time from a request's arrival at the bridge (the moment the agent's frame is sent) to its card being
 * visible in Chromium, with 1 and with 1,000 requests already pending, beside a baseline measured in the
 * same run: the same frame's raw delivery to the page (the console channel's WebSocket message event,
 * before React or the list see it). The UI's own share is the difference.
 *
 * Clocks: the sender stamps `performance.timeOrigin + performance.now()` in Node; the page stamps the same
 * expression in Chromium. Both are wall-clock anchored but start at different moments, so the offset
 * between them is measured NTP-style (a Node stamp, a page stamp, a Node stamp; the tightest of 40 round
 * trips) and subtracted; its uncertainty (half that round trip) is printed.
 *
 * Run: `npm run build`, then `npm run bench:ui` (node scripts/run-ts.mjs bench/ui/run.ts). Bound (#17): with
 * 1,000 pending, card visible p95 ≤ 2× the frame's delivery p95.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium } from 'playwright-core';
import type { Page } from 'playwright-core';
import { openBridgeSocket } from '../../client/sdk/bridge-socket';
import { CHROMIUM_ARGS } from '../../playwright.config';
import { machineLoad } from '../support/machine-load';

const CLI = resolve('out/cli/gatehouse.mjs');
const CHROMIUM = process.env.GATEHOUSE_CHROMIUM ?? '/usr/bin/chromium';
const SAMPLES = 40;
const WARMUP = 5;
const BACKGROUND = 999;
const PER_SESSION = 180;
/** Card visible p95 over the frame's delivery p95, with 1,000 pending. */
const BOUND_RATIO = 2;

const now = () => performance.timeOrigin + performance.now();

interface Agent {
  send(frame: object): number;
  close(): void;
}

async function connectAgent(port: number, token: string): Promise<Agent> {
  const socket = await openBridgeSocket(
    { url: `ws://127.0.0.1:${port}/bridge`, token, source: 'environment' },
    { agent: { name: 'bench-agent' } },
  );
  await new Promise<void>((ok) =>
    socket.on('message', (data) => {
      if (JSON.parse(String(data)).type === 'welcome') ok();
    }),
  );
  return {
    send(frame) {
      const text = JSON.stringify(frame);
      const sentAt = now();
      socket.send(text);
      return sentAt;
    },
    close: () => socket.close(),
  };
}

function request(id: string, sessionId: string, command: string) {
  return {
    type: 'permission.request',
    id,
    sessionId,
    cwd: '/home/dev/projects/shop',
    tool: 'Bash',
    input: { command, description: 'Bench request' },
    mode: 'default',
    timeoutMs: 3_600_000,
  };
}

/** Stamps, in the page's clock, each `added` frame's arrival and the first frame its card is in view. */
function instrument() {
  const w = window as unknown as { __delivered: Map<string, number>; __visible: Map<string, number> };
  w.__delivered = new Map();
  w.__visible = new Map();
  const stamp = () => performance.timeOrigin + performance.now();
  const Native = window.WebSocket;
  window.WebSocket = class extends Native {
    constructor(url: string | URL, protocols?: string | string[]) {
      super(url, protocols);
      this.addEventListener('message', (event) => {
        const text = String(event.data);
        if (!text.includes('"kind":"added"')) return;
        const at = stamp();
        const frame = JSON.parse(text) as { payload?: { request?: { id?: string } } };
        const id = frame.payload?.request?.id;
        if (id) w.__delivered.set(id, at);
      });
    }
  } as typeof window.WebSocket;
  new MutationObserver((records) => {
    for (const record of records) {
      for (const node of record.addedNodes) {
        if (!(node instanceof HTMLElement)) continue;
        const cards = node.matches('[data-request-id]')
          ? [node]
          : [...node.querySelectorAll<HTMLElement>('[data-request-id]')];
        for (const card of cards) {
          const id = card.dataset.requestId!;
          if (w.__visible.has(id)) continue;
          // The next animation frame is the one that paints it; count it only if it is in view.
          requestAnimationFrame(() => {
            const box = card.getBoundingClientRect();
            if (box.bottom > 0 && box.top < window.innerHeight && !w.__visible.has(id))
              w.__visible.set(id, stamp());
          });
        }
      }
    }
  }).observe(document, { childList: true, subtree: true });
}

async function clockOffset(page: Page): Promise<{ offset: number; uncertainty: number }> {
  let best = { offset: 0, rtt: Number.POSITIVE_INFINITY };
  for (let i = 0; i < 40; i++) {
    const t0 = now();
    const pageAt = await page.evaluate(() => performance.timeOrigin + performance.now());
    const t1 = now();
    if (t1 - t0 < best.rtt) best = { offset: pageAt - (t0 + t1) / 2, rtt: t1 - t0 };
  }
  return { offset: best.offset, uncertainty: best.rtt / 2 };
}

function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;
}

interface Row {
  readonly pending: number;
  readonly delivered: number[];
  readonly visible: number[];
}

async function measure(page: Page, agent: Agent, pending: number, offset: number): Promise<Row> {
  const row: Row = { pending, delivered: [], visible: [] };
  for (let i = 0; i < WARMUP + SAMPLES; i++) {
    const id = `m-${pending}-${i}`;
    const sentAt = agent.send(request(id, 'watched', `npm run check -- --case ${i}`));
    const stamps = await page.waitForFunction(
      (key) => {
        const w = window as unknown as { __delivered: Map<string, number>; __visible: Map<string, number> };
        const visible = w.__visible.get(key);
        return visible === undefined
          ? undefined
          : { delivered: w.__delivered.get(key) ?? Number.NaN, visible };
      },
      id,
      { polling: 'raf', timeout: 30_000 },
    );
    const { delivered, visible } = (await stamps.jsonValue())!;
    if (i >= WARMUP) {
      row.delivered.push(delivered - offset - sentAt);
      row.visible.push(visible - offset - sentAt);
    }
    // Back to the same number pending: the agent withdraws it, and the card leaves after saying so.
    agent.send({ type: 'permission.cancel', id, reason: 'aborted' });
    await page.waitForFunction((key) => !document.querySelector(`[data-request-id="${key}"]`), id, {
      timeout: 30_000,
    });
  }
  return row;
}

function format(ms: number): string {
  return ms.toFixed(1).padStart(7);
}

async function main(): Promise<void> {
  if (!existsSync(CLI) || !existsSync(resolve('out/renderer/index.html'))) {
    console.error('bench:ui runs the built console: run "npm run build" first.');
    process.exit(2);
  }
  const loadAtStart = machineLoad();
  const root = await mkdtemp(join(tmpdir(), 'gatehouse-bench-ui-'));
  const home = join(root, 'gatehouse');
  const serve = spawn(process.execPath, [CLI, 'serve', '--home', home, '--timeout', '3600000'], {
    stdio: 'pipe',
    env: { PATH: process.env.PATH ?? '', HOME: root },
  });
  const url = await new Promise<string>((ok, fail) => {
    let out = '';
    serve.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /^Web console: (\S+)$/m.exec(out);
      if (match?.[1]) ok(match[1]);
    });
    serve.once('exit', (code) => fail(new Error(`gatehouse serve exited with ${code}`)));
  });
  const discovery = JSON.parse(await readFile(join(home, 'bridge.json'), 'utf8')) as {
    port: number;
    token: string;
  };
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS, headless: true });
  const agents: Agent[] = [];
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.addInitScript(instrument);
    await page.goto(url);
    await page.getByText('Nothing is waiting').waitFor();
    const { offset, uncertainty } = await clockOffset(page);

    const watched = await connectAgent(discovery.port, discovery.token);
    agents.push(watched);
    // The session the person is watching: its first request is the oldest, so its group sits on top.
    watched.send(request('watched-first', 'watched', 'npm run build'));
    await page.locator('[data-request-id="watched-first"]').waitFor();
    const one = await measure(page, watched, 1, offset);

    for (let start = 0; start < BACKGROUND; start += PER_SESSION) {
      const agent = await connectAgent(discovery.port, discovery.token);
      agents.push(agent);
      for (let i = start; i < Math.min(BACKGROUND, start + PER_SESSION); i++) {
        agent.send(
          request(
            `bg-${i}`,
            `background-${start / PER_SESSION}`,
            `make target-${i} && ./deploy.sh --env test-${i}`,
          ),
        );
      }
    }
    await page
      .locator('.topbar__count')
      .filter({ hasText: `${BACKGROUND + 1} waiting` })
      .waitFor({ timeout: 120_000 });
    const thousand = await measure(page, watched, BACKGROUND + 1, offset);

    console.log(
      `gatehouse UI bench: ${SAMPLES} requests per row after ${WARMUP} warm-up, Chromium ${browser.version()}, viewport 1280×800`,
    );
    console.log(`before: ${loadAtStart}; at the end: ${machineLoad()}`);
    console.log(
      `clock offset page−node ${offset.toFixed(2)} ms, ±${uncertainty.toFixed(2)} ms (half the tightest of 40 round trips)`,
    );
    console.log('');
    console.log(
      'pending   baseline: frame delivered p50 / p95   card visible p50 / p95   ratio p50 / p95   UI alone p95',
    );
    for (const row of [one, thousand]) {
      const ui = row.visible.map((v, i) => v - row.delivered[i]!);
      const d50 = percentile(row.delivered, 0.5);
      const d95 = percentile(row.delivered, 0.95);
      const v50 = percentile(row.visible, 0.5);
      const v95 = percentile(row.visible, 0.95);
      console.log(
        `${row.pending.toLocaleString('en-US').padStart(7)}   ${format(d50)} ms / ${format(d95)} ms        ${format(v50)} ms / ${format(v95)} ms   ${(v50 / d50).toFixed(2).padStart(5)}× / ${(v95 / d95).toFixed(2).padStart(5)}×   ${format(percentile(ui, 0.95))} ms`,
      );
    }
    const p95 = percentile(thousand.visible, 0.95);
    const delivered95 = percentile(thousand.delivered, 0.95);
    const met = p95 <= BOUND_RATIO * delivered95;
    console.log('');
    console.log(
      `bound (#17): card visible p95 ≤ ${BOUND_RATIO}× the frame's delivery p95 with ${thousand.pending.toLocaleString('en-US')} pending: ` +
        `${p95.toFixed(1)} ms against ${delivered95.toFixed(1)} ms = ${(p95 / delivered95).toFixed(2)}×, ${met ? 'met' : 'MISSED'}`,
    );
    if (!met) process.exitCode = 1;
  } finally {
    for (const agent of agents) agent.close();
    await browser.close();
    const exited = new Promise((r) => serve.once('exit', r));
    serve.kill('SIGTERM');
    await exited;
    await rm(root, { recursive: true, force: true });
  }
}

await main();
