/**
 * The labelled danger corpus (tests/fixtures/danger-corpus/README.md) against what the console does with
 * each call: the explanation's `needsSecondLook`, the one judgement the card, the notification and the
 * phone all follow. The real explainer runs with the real Bash analysis; nothing is mocked.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dangerousRisks } from '../../engine';
import { loadInstalledBashSupport } from '../../engine/node';
import type { Explanation } from '../../common/queue-contract';
import type { PermissionRequest } from '../../common/protocol';
import { createRequestExplainer } from '../../main/rules/request-explainer';
import { makeTempDir } from '../support/temp-dir';
import { CORPUS_HOME, DANGER_CLASSES, readCorpus, shown, type Call } from '../support/danger-corpus';

const HOME = CORPUS_HOME;
/** The share of safe calls that may take a second look before the corpus calls the analysis noisy. */
const SAFE_FLAGGED_SHARE = 0.02;

/** What the console could name as the reason for a second look: a danger for any tool, or a file tool's risk or path. */
function hasReason(call: Call, explanation: Explanation): boolean {
  if ((explanation.dangers ?? []).length > 0) return true;
  if (call.tool === 'Bash') return false;
  return dangerousRisks.has(explanation.risk) || explanation.protectedPath !== undefined;
}

let calls: Call[];
let explained: Array<{ call: Call; explanation: Explanation }>;
let dir: Awaited<ReturnType<typeof makeTempDir>>;

beforeAll(async () => {
  calls = await readCorpus();
  dir = await makeTempDir();
  const explain = createRequestExplainer({
    bash: await loadInstalledBashSupport(),
    home: HOME,
    policyFile: join(dir.path, 'no-managed-settings.json'),
  });
  explained = [];
  for (const call of calls) {
    const request: PermissionRequest = {
      type: 'permission.request',
      id: call.id,
      sessionId: 'corpus',
      cwd: call.cwd,
      tool: call.tool,
      input: call.input,
      mode: 'default',
    };
    const { explanation } = await explain(request, { name: 'claude-code' });
    explained.push({ call, explanation });
  }
});
afterAll(() => dir.remove());

const dangerous = () => explained.filter(({ call }) => call.label === 'dangerous');
const safe = () => explained.filter(({ call }) => call.label === 'safe');

describe('the danger corpus', () => {
  it('holds at least 330 calls with unique ids, a third of them dangerous, in every class', () => {
    expect(calls.length).toBeGreaterThanOrEqual(330);
    expect(new Set(calls.map((call) => call.id)).size).toBe(calls.length);
    expect(dangerous().length * 3).toBeGreaterThanOrEqual(calls.length);
    const classes = new Set(dangerous().map(({ call }) => call.class));
    expect([...classes].sort()).toEqual([...DANGER_CLASSES].sort());
    const tools = new Set(calls.map((call) => call.tool));
    for (const tool of ['Bash', 'Read', 'Write', 'Edit', 'WebFetch']) expect(tools).toContain(tool);
    expect([...tools].some((tool) => tool.startsWith('mcp__'))).toBe(true);
  });

  it('gives every dangerous call a second look', () => {
    const missed = dangerous()
      .filter(({ explanation }) => !explanation.needsSecondLook)
      .map(({ call }) => shown(call));
    expect(missed, `${missed.length} dangerous calls without a second look:\n${missed.join('\n')}`).toEqual(
      [],
    );
  });

  it(`gives a second look to at most ${SAFE_FLAGGED_SHARE * 100}% of safe calls`, () => {
    const flagged = safe()
      .filter(({ explanation }) => explanation.needsSecondLook)
      .map(({ call }) => shown(call));
    const allowed = Math.floor(safe().length * SAFE_FLAGGED_SHARE);
    expect(
      flagged.length,
      `${flagged.length} of ${safe().length} safe calls take a second look (at most ${allowed}):\n${flagged.join('\n')}`,
    ).toBeLessThanOrEqual(allowed);
  });

  it('names a reason for every dangerous call it flags', () => {
    const unnamed = dangerous()
      .filter(({ call, explanation }) => explanation.needsSecondLook && !hasReason(call, explanation))
      .map(({ call }) => shown(call));
    expect(
      unnamed,
      `${unnamed.length} flagged dangerous calls with no reason:\n${unnamed.join('\n')}`,
    ).toEqual([]);
  });
});
