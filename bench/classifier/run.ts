/**
 * Gatehouse's classifier on the labelled danger corpus (tests/fixtures/danger-corpus/), every call as each
 * agent family would send it: the share of safe calls it answers before a card (every class enabled, at
 * each confidence a person can choose), the dangerous calls it answered (must be none), and the time it
 * adds before a card — p50 and p99 of the coordinator with the deterministic judge, beside the engine's
 * plain check (`decide()`) of the same calls in the same run, with the ratio and the machine's load. A
 * model judge is timed too, against a stand-in chat-completions server on 127.0.0.1 that answers at once:
 * the floor of any model's round trip.
 * Bound: the deterministic classifier's p99 under 5 ms, a sixtieth of its default 300 ms budget.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { ClassifierSettingsSchema, classifierConfidences } from '../../common/classifier-contract';
import type { ClassifierFamily, ClassifierSettings } from '../../common/classifier-contract';
import { createPermissionContext, decide, type Classifier } from '../../engine';
import { loadInstalledBashSupport } from '../../engine/node';
import { createCoordinator, judgeFor } from '../../main/classifier/coordinator';
import { createLlmJudge } from '../../main/classifier/llm-judge';
import { createRequestExplainer } from '../../main/rules/request-explainer';
import { memoizeBash } from '../../main/rules/text-memo';
import { FAMILY_AGENTS, requestFor } from '../../tests/support/classifier-corpus';
import { CORPUS_HOME, readCorpus } from '../../tests/support/danger-corpus';
import { machineLoad } from '../support/machine-load';

const FAMILIES: readonly ClassifierFamily[] = ['codex', 'acp', 'sdk', 'claude-code'];
const ROUNDS = 20;
const BOUND_P99_MS = 5;

function percentiles(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)] ?? NaN;
  return { p50: at(0.5), p99: at(0.99) };
}

function settingsAt(confidence: number): ClassifierSettings {
  return ClassifierSettingsSchema.parse({
    families: { 'claude-code': true },
    classes: ['read-only-commands', 'read-only-tools', 'project-edits'],
    confidence,
  });
}

async function standInModel(): Promise<{ endpoint: string; close: () => Promise<void> }> {
  const body = JSON.stringify({
    choices: [{ message: { content: '{"verdict":"allow","confidence":0.9,"reason":"It only reads."}' } }],
  });
  const server = createServer((request, response) => {
    request.resume();
    request.on('end', () => response.writeHead(200, { 'content-type': 'application/json' }).end(body));
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return {
    endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    close: () => new Promise((done) => server.close(() => done())),
  };
}

async function main(): Promise<void> {
  const bash = memoizeBash(await loadInstalledBashSupport());
  const calls = await readCorpus(resolve('tests/fixtures/danger-corpus'));
  const explain = createRequestExplainer({
    bash,
    home: CORPUS_HOME,
    policyFile: resolve('no-such-policy.json'),
  });
  const asked = [];
  for (const family of FAMILIES)
    for (const call of calls) {
      const request = requestFor(call, family);
      if (request)
        asked.push({ call, family, request, explained: await explain(request, FAMILY_AGENTS[family]) });
    }
  const safe = asked.filter(({ call }) => call.label === 'safe');
  console.log(
    `gatehouse classifier bench: ${calls.length} corpus calls as ${FAMILIES.length} agent families (${asked.length} requests, ${safe.length} safe), ${ROUNDS} timed rounds, Node ${process.version}, ${machineLoad()}`,
  );

  /** The calls the gate lets through to a judge: what a model would be asked about. */
  const judgeable: typeof asked = [];
  const deterministic = (settings: ClassifierSettings) => judgeFor(settings, () => undefined as never);
  for (const confidence of classifierConfidences) {
    const settings = settingsAt(confidence);
    const coordinate = createCoordinator({
      bash,
      home: CORPUS_HOME,
      settings: () => settings,
      judge: deterministic,
    });
    const reachedJudge = [];
    let answeredSafe = 0;
    let answeredDangerous = 0;
    for (const each of asked) {
      const outcome = await coordinate(each.request, FAMILY_AGENTS[each.family], each.explained);
      if (outcome && 'allowed' in outcome) {
        reachedJudge.push(each);
        if (each.call.label === 'safe') answeredSafe += 1;
        else answeredDangerous += 1;
      }
    }
    if (confidence === 0.8) judgeable.push(...reachedJudge);
    console.log(
      `every class at confidence ${confidence}: answers ${answeredSafe} of ${safe.length} safe calls (${((answeredSafe / safe.length) * 100).toFixed(1)}%), ${answeredDangerous} dangerous`,
    );
  }

  const settings = settingsAt(0.8);
  const coordinate = createCoordinator({
    bash,
    home: CORPUS_HOME,
    settings: () => settings,
    judge: deterministic,
  });
  const context = createPermissionContext({ cwd: '/home/dev/project', home: CORPUS_HOME, mode: 'default' });
  const plain: number[] = [];
  const classified: number[] = [];
  for (let round = 0; round < ROUNDS; round++)
    for (const each of asked) {
      const call = { toolName: each.request.tool, input: each.request.input };
      let t0 = performance.now();
      decide(context, call, { bash });
      plain.push(performance.now() - t0);
      t0 = performance.now();
      await coordinate(each.request, FAMILY_AGENTS[each.family], each.explained);
      classified.push(performance.now() - t0);
    }
  const base = percentiles(plain);
  const ours = percentiles(classified);
  console.log(
    `engine's plain check: p50 ${(base.p50 * 1_000).toFixed(1)} µs, p99 ${(base.p99 * 1_000).toFixed(1)} µs`,
  );
  console.log(
    `classifier, deterministic judge: p50 ${(ours.p50 * 1_000).toFixed(1)} µs, p99 ${(ours.p99 * 1_000).toFixed(1)} µs (${(ours.p50 / base.p50).toFixed(2)}× the plain check at p50, ${(ours.p99 / base.p99).toFixed(2)}× at p99)`,
  );

  const model = await standInModel();
  try {
    const judge: Classifier = createLlmJudge({
      endpoint: model.endpoint,
      model: 'stand-in',
      apiKey: async () => undefined,
    });
    const viaModel = createCoordinator({
      bash,
      home: CORPUS_HOME,
      settings: () => ({ ...settings, judge: { kind: 'llm', endpoint: model.endpoint, model: 'stand-in' } }),
      judge: () => judge,
    });
    const judged = judgeable;
    const times: number[] = [];
    for (const each of judged) {
      const t0 = performance.now();
      await viaModel(each.request, FAMILY_AGENTS[each.family], each.explained);
      times.push(performance.now() - t0);
    }
    const { p50, p99 } = percentiles(times);
    console.log(
      `classifier, model judge on a 127.0.0.1 stand-in answering at once: p50 ${p50.toFixed(2)} ms, p99 ${p99.toFixed(2)} ms over the ${judged.length} calls the gate lets through to a judge (${(p50 / base.p50).toFixed(0)}× the plain check at p50)`,
    );
  } finally {
    await model.close();
  }
  const met = ours.p99 < BOUND_P99_MS ? 'met' : 'MISSED';
  console.log(
    `bound: deterministic classifier p99 < ${BOUND_P99_MS} ms: ${met} (p99 ${ours.p99.toFixed(3)} ms, ${(ours.p99 / BOUND_P99_MS).toFixed(3)} of the bound)`,
  );
}

await main();
