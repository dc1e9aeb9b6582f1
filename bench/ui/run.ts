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
 * Big cards, beside the one-line card measured in the same run with one request pending: a 3,000-line
 * diff (a Write of a new file) and a 200 KB MCP call, each timed from the frame's send to the first frame
 * its rows (not a "Reading the file…" note) are in view, and counted in DOM nodes. Then, with both open,
 * the next-card key (`j`/`k`): its work (the app's handler, React's render, style and layout, up to a
 * listener that runs after the app's) and its latency to the end of the frame that paints it.
 *
 * Run: `npm run build`, then `npm run bench:ui` (node scripts/run-ts.mjs bench/ui/run.ts). Bounds: with
 * 1,000 pending, card visible p95 ≤ 2× the frame's delivery p95; a 3,000-line diff and a 200 KB MCP
 * call each visible ≤ 150 ms p95 in ≤ 3,000 DOM nodes, and the next-card key's work ≤ one frame with both
 * open.
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
const BIG_VISIBLE_MS = 150;
const BIG_NODES = 3_000;
const FRAME_MS = 1000 / 60;
const KEY_PRESSES = 40;
const DIFF_LINES = 3_000;

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
  const w = window as unknown as {
    __delivered: Map<string, number>;
    __visible: Map<string, number>;
    __rows: Map<string, number>;
  };
  w.__delivered = new Map();
  w.__visible = new Map();
  w.__rows = new Map();
  const inView = (element: Element) => {
    const box = element.getBoundingClientRect();
    return box.bottom > 0 && box.top < window.innerHeight;
  };
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
        // A big card's body: the first row of its diff or input drawn in view.
        const row = node.matches('[data-index]') ? node : node.querySelector('[data-index]');
        const owner = row?.closest<HTMLElement>('[data-request-id]')?.dataset.requestId;
        if (row && owner && !w.__rows.has(owner))
          requestAnimationFrame(() => {
            if (inView(row) && !w.__rows.has(owner)) w.__rows.set(owner, stamp());
          });
        const cards = node.matches('[data-request-id]')
          ? [node]
          : [...node.querySelectorAll<HTMLElement>('[data-request-id]')];
        for (const card of cards) {
          const id = card.dataset.requestId!;
          if (w.__visible.has(id)) continue;
          // The next animation frame is the one that paints it; count it only if it is in view.
          requestAnimationFrame(() => {
            if (inView(card) && !w.__visible.has(id)) w.__visible.set(id, stamp());
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

/** A Write of a new file of this many lines: all of it is the diff. */
function bigDiff(id: string, folder: string) {
  const content = Array.from({ length: DIFF_LINES }, (_, i) => `export const value${i} = compute(${i});`);
  return {
    ...request(id, 'watched', ''),
    cwd: folder,
    tool: 'Write',
    input: { file_path: join(folder, `${id}.ts`), content: content.join('\n') + '\n' },
  };
}

/** About 200 KB of MCP arguments: a thousand rows of four fields and a multi-line script. */
function bigMcp(id: string) {
  const rows = Array.from({ length: 1_000 }, (_, i) => ({
    id: i + 1,
    customer: `customer-${i + 1}`,
    note: `Paid in full on the ${(i % 28) + 1}th; reference ${'ABCDEFGH'.repeat(16)}`,
  }));
  return {
    ...request(id, 'watched', ''),
    tool: 'mcp__db__insert',
    input: { table: 'invoices', rows, script: 'BEGIN;\nUPDATE invoices SET paid = true;\nCOMMIT;' },
  };
}

/** Waits until `instrument` has stamped `id` into `shown`, and answers that stamp and its frame's arrival. */
async function stampsOf(
  page: Page,
  id: string,
  shown: '__visible' | '__rows',
): Promise<{ delivered: number; visible: number }> {
  const stamps = await page.waitForFunction(
    ({ key, map }) => {
      const w = window as unknown as Record<'__delivered' | typeof map, Map<string, number>>;
      const visible = w[map].get(key);
      return visible === undefined ? undefined : { delivered: w.__delivered.get(key) ?? Number.NaN, visible };
    },
    { key: id, map: shown },
    { polling: 'raf', timeout: 30_000 },
  );
  return (await stamps.jsonValue())!;
}

interface BigRow {
  readonly name: string;
  readonly delivered: number[];
  readonly visible: number[];
  readonly nodes: number[];
}

/** Sends a big card, times it to its rows in view and counts its nodes, then withdraws it. */
async function measureBig(
  page: Page,
  agent: Agent,
  name: string,
  frame: (id: string) => object,
  offset: number,
): Promise<BigRow> {
  const row: BigRow = { name, delivered: [], visible: [], nodes: [] };
  for (let i = 0; i < WARMUP + SAMPLES; i++) {
    const id = `big-${name.replace(/\W+/g, '-')}-${i}`;
    const sentAt = agent.send(frame(id));
    const { delivered, visible } = await stampsOf(page, id, '__rows');
    const nodes = await page.evaluate(
      (key) => document.querySelector(`[data-request-id="${key}"]`)!.querySelectorAll('*').length,
      id,
    );
    if (i >= WARMUP) {
      row.delivered.push(delivered - offset - sentAt);
      row.visible.push(visible - offset - sentAt);
      row.nodes.push(nodes);
    }
    agent.send({ type: 'permission.cancel', id, reason: 'aborted' });
    await page.waitForFunction((key) => !document.querySelector(`[data-request-id="${key}"]`), id, {
      timeout: 30_000,
    });
  }
  return row;
}

interface KeyRow {
  readonly work: number[];
  readonly painted: number[];
}

/**
 * Presses `j` then `k` in turn and measures each: its work, to a keydown listener added after the app's
 * (so React's render, flushed in the microtask after the app's listener, is done) that forces layout; and
 * its latency to the end of the frame that paints it (a message posted from that frame's rAF).
 */
async function measureKeys(page: Page): Promise<KeyRow> {
  await page.evaluate(() => {
    const w = window as unknown as { __work: number[]; __painted: number[]; __keysTimed?: true };
    w.__work = [];
    w.__painted = [];
    if (w.__keysTimed) return;
    w.__keysTimed = true;
    window.addEventListener('keydown', (event) => {
      if (event.key !== 'j' && event.key !== 'k') return;
      document.body.getBoundingClientRect();
      w.__work.push(performance.now() - event.timeStamp);
      requestAnimationFrame(() => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => w.__painted.push(performance.now() - event.timeStamp);
        channel.port2.postMessage(null);
      });
    });
  });
  for (let i = 0; i < WARMUP + KEY_PRESSES; i++) {
    await page.keyboard.press(i % 2 === 0 ? 'j' : 'k');
    await page.waitForFunction(
      (count) => (window as unknown as { __painted: number[] }).__painted.length >= count,
      i + 1,
      { polling: 'raf' },
    );
  }
  const { work, painted } = await page.evaluate(() => {
    const w = window as unknown as { __work: number[]; __painted: number[] };
    return { work: w.__work, painted: w.__painted };
  });
  return { work: work.slice(WARMUP), painted: painted.slice(WARMUP) };
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
    const { delivered, visible } = await stampsOf(page, id, '__visible');
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
    const big = [
      await measureBig(
        page,
        watched,
        `${DIFF_LINES.toLocaleString('en-US')}-line diff`,
        (id) => bigDiff(id, root),
        offset,
      ),
      await measureBig(page, watched, '200 KB MCP input', bigMcp, offset),
    ];
    // The next-card key between one-line cards, then with both big cards open, in the same session.
    await page.locator('[data-request-id="watched-first"] .card__tool').click();
    watched.send(request('keys-small', 'watched', 'npm test'));
    await page.locator('[data-request-id="keys-small"]').waitFor();
    const smallKeys = await measureKeys(page);
    watched.send({ type: 'permission.cancel', id: 'keys-small', reason: 'aborted' });
    watched.send(bigDiff('keys-diff', root));
    watched.send(bigMcp('keys-mcp'));
    await page.locator('[data-request-id="keys-diff"] [data-index]').first().waitFor();
    await page.locator('[data-request-id="keys-mcp"] [data-index]').first().waitFor();
    const bigKeys = await measureKeys(page);
    for (const id of ['keys-diff', 'keys-mcp'])
      watched.send({ type: 'permission.cancel', id, reason: 'aborted' });
    await page.locator('[data-request-id="keys-mcp"]').waitFor({ state: 'detached' });

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
      `bound: card visible p95 ≤ ${BOUND_RATIO}× the frame's delivery p95 with ${thousand.pending.toLocaleString('en-US')} pending: ` +
        `${p95.toFixed(1)} ms against ${delivered95.toFixed(1)} ms = ${(p95 / delivered95).toFixed(2)}×, ${met ? 'met' : 'MISSED'}`,
    );
    if (!met) process.exitCode = 1;

    const base50 = percentile(one.visible, 0.5);
    const base95 = percentile(one.visible, 0.95);
    console.log('');
    console.log('big cards, one other pending; baseline: the one-line card of the first row above');
    console.log(
      'card                 frame delivered p50 / p95   rows visible p50 / p95    ratio to one-line p50 / p95   DOM nodes max',
    );
    console.log(
      `${'one-line card'.padEnd(19)}  ${format(percentile(one.delivered, 0.5))} ms / ${format(percentile(one.delivered, 0.95))} ms   ${format(base50)} ms / ${format(base95)} ms       1.00× /  1.00×          —`,
    );
    for (const row of big) {
      const v50 = percentile(row.visible, 0.5);
      const v95 = percentile(row.visible, 0.95);
      console.log(
        `${row.name.padEnd(19)}  ${format(percentile(row.delivered, 0.5))} ms / ${format(percentile(row.delivered, 0.95))} ms   ${format(v50)} ms / ${format(v95)} ms   ${(v50 / base50).toFixed(2).padStart(9)}× / ${(v95 / base95).toFixed(2).padStart(5)}×   ${String(Math.max(...row.nodes)).padStart(12)}`,
      );
    }
    console.log('');
    console.log('next-card key (j/k)           work p50 / p95           to painted p50 / p95');
    for (const [name, row] of [
      ['one-line cards', smallKeys],
      ['both big cards open', bigKeys],
    ] as const) {
      console.log(
        `${name.padEnd(26)} ${format(percentile(row.work, 0.5))} ms / ${format(percentile(row.work, 0.95))} ms   ${format(percentile(row.painted, 0.5))} ms / ${format(percentile(row.painted, 0.95))} ms`,
      );
    }
    console.log('');
    for (const row of big) {
      const v95 = percentile(row.visible, 0.95);
      const nodes = Math.max(...row.nodes);
      const bigMet = v95 <= BIG_VISIBLE_MS && nodes <= BIG_NODES;
      console.log(
        `bound: ${row.name} visible p95 ≤ ${BIG_VISIBLE_MS} ms in ≤ ${BIG_NODES.toLocaleString('en-US')} nodes: ` +
          `${v95.toFixed(1)} ms, ${nodes.toLocaleString('en-US')} nodes, ${bigMet ? 'met' : 'MISSED'}`,
      );
      if (!bigMet) process.exitCode = 1;
    }
    const key95 = percentile(bigKeys.work, 0.95);
    const keyMet = key95 <= FRAME_MS;
    console.log(
      `bound: next-card key's work p95 ≤ one frame (${FRAME_MS.toFixed(1)} ms) with both open: ` +
        `${key95.toFixed(1)} ms, ${keyMet ? 'met' : 'MISSED'}`,
    );
    if (!keyMet) process.exitCode = 1;
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
