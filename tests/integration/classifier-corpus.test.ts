/**
 * Gatehouse's classifier on the labelled danger corpus: in every configuration a person can choose (every
 * set of enabled classes × every confidence, every agent family on), with the engine's deterministic judge
 * and with a judge that allows everything at full confidence (the worst a model could answer), it allows no
 * dangerous call. The real explainer and Bash analysis run; nothing is mocked but the worst judge.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  classifierClasses,
  classifierFamilies,
  type ClassifierSettings,
} from '../../common/classifier-contract';
import type { ClassifierFamily } from '../../common/classifier-contract';
import type { Explanation } from '../../common/queue-contract';
import type { PermissionRequest } from '../../common/protocol';
import type { Classifier, ToolPermissionContext } from '../../engine';
import { createHeuristicClassifier } from '../../engine';
import { loadInstalledBashSupport } from '../../engine/node';
import { createCoordinator } from '../../main/classifier/coordinator';
import { createRequestExplainer } from '../../main/rules/request-explainer';
import { memoizeBash } from '../../main/rules/text-memo';
import { makeTempDir } from '../support/temp-dir';
import { CORPUS_HOME, readCorpus, shown, type Call } from '../support/danger-corpus';
import { everySetting, FAMILY_AGENTS, requestFor } from '../support/classifier-corpus';

interface Asked {
  readonly call: Call;
  readonly family: ClassifierFamily;
  readonly request: PermissionRequest;
  readonly explained: { readonly explanation: Explanation; readonly context: ToolPermissionContext };
}

const ALWAYS_ALLOW: Classifier = {
  classify: () => Promise.resolve({ verdict: 'allow', confidence: 1, reason: 'Looks fine to me.' }),
};

let asked: Asked[];
let bash: Awaited<ReturnType<typeof loadInstalledBashSupport>>;
let dir: Awaited<ReturnType<typeof makeTempDir>>;

beforeAll(async () => {
  const calls = await readCorpus();
  dir = await makeTempDir();
  bash = memoizeBash(await loadInstalledBashSupport());
  const explain = createRequestExplainer({
    bash,
    home: CORPUS_HOME,
    policyFile: join(dir.path, 'no-managed-settings.json'),
  });
  asked = [];
  for (const family of classifierFamilies)
    for (const call of calls) {
      const request = requestFor(call, family);
      if (request)
        asked.push({ call, family, request, explained: await explain(request, FAMILY_AGENTS[family]) });
    }
});
afterAll(() => dir.remove());

/** Which calls the classifier answers under one configuration and judge. */
async function allowedUnder(settings: ClassifierSettings, judge: Classifier, which: readonly Asked[]) {
  const coordinate = createCoordinator({
    bash,
    home: CORPUS_HOME,
    settings: () => settings,
    judge: () => judge,
  });
  const allowed: Array<Asked & { readonly looks: string }> = [];
  for (const each of which) {
    const outcome = await coordinate(each.request, FAMILY_AGENTS[each.family], each.explained);
    if (outcome && 'allowed' in outcome) allowed.push({ ...each, looks: outcome.allowed });
  }
  return allowed;
}

describe('the classifier on the danger corpus', () => {
  const settings = everySetting();

  it('enumerates every set of classes at every confidence: 8 × 4 configurations', () => {
    expect(settings).toHaveLength(32);
    expect(new Set(settings.map((each) => JSON.stringify(each))).size).toBe(32);
  });

  it.each([
    ['the deterministic judge', createHeuristicClassifier()],
    ['a judge that allows everything', ALWAYS_ALLOW],
  ] as const)('allows no dangerous call in any configuration, with %s', async (_name, judge) => {
    const dangerous = asked.filter(({ call }) => call.label === 'dangerous');
    expect(dangerous.length).toBeGreaterThan(400);
    const misses: string[] = [];
    for (const each of settings) {
      const allowed = await allowedUnder(each, judge, dangerous);
      for (const { call, family } of allowed)
        misses.push(`${family} ${each.classes.join('+') || 'none'}@${each.confidence}: ${shown(call)}`);
    }
    expect(misses, `dangerous calls the classifier allowed:\n${misses.join('\n')}`).toEqual([]);
  });

  it('answers safe calls of each class once it is enabled, and none with no class enabled', async () => {
    const safe = asked.filter(({ call }) => call.label === 'safe');
    const none = settings.find((each) => each.classes.length === 0)!;
    expect(await allowedUnder(none, ALWAYS_ALLOW, safe)).toEqual([]);
    const all = settings.find((each) => each.classes.length === 3 && each.confidence === 0.8)!;
    const answered = await allowedUnder(all, createHeuristicClassifier(), safe);
    expect(new Set(answered.map(({ looks }) => looks))).toEqual(new Set(classifierClasses));
    for (const family of classifierFamilies)
      expect(
        answered.some((each) => each.family === family),
        family,
      ).toBe(true);
  });
});
