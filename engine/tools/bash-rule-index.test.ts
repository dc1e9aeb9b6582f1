/** The Bash rule index may only leave out rules that cannot match: checked against the real analyser. */
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadInstalledBashSupport } from '../node/bash-wasm';
import { ruleIndexOf } from '../rules/rule-index';
import { contextWith } from '../testing/build';
import type { RuleBehavior } from '../types';
import type { BashSupport } from './bash-tool';
import { bashCandidates, lineWords } from './bash-rule-index';

const WORDS = [
  'git',
  'push',
  'npm',
  'run',
  'rm',
  '-rf',
  'FOO=1',
  'PATH=/x',
  'timeout',
  '5',
  'nohup',
  'echo',
  'a b',
  'x',
];

describe('bashCandidates', () => {
  let bash: BashSupport;
  beforeAll(async () => {
    bash = await loadInstalledBashSupport();
  });

  it('never leaves out a rule that matches', () => {
    const piece = fc.constantFrom(...WORDS, '*', 'gi*', '"a b"', ':*');
    const pattern = fc
      .array(piece, { minLength: 1, maxLength: 4 })
      .map((parts) => parts.join(' ').replace(' :*', ':*'));
    const word = fc.constantFrom(...WORDS.map((w) => (w.includes(' ') ? `"${w}"` : w)));
    const command = fc
      .array(fc.array(word, { minLength: 1, maxLength: 5 }), { minLength: 1, maxLength: 3 })
      .map((subs) =>
        subs.map((s) => s.join(' ')).join(fc.sample(fc.constantFrom(' && ', ' | ', '; '), 1)[0]!),
      );
    fc.assert(
      fc.property(
        fc.array(pattern, { minLength: 20, maxLength: 30 }),
        command,
        fc.constantFrom<RuleBehavior>('deny', 'ask', 'allow'),
        (patterns, line, behavior) => {
          const rules = ruleIndexOf(
            contextWith({ [behavior]: patterns.map((p) => `Bash(${p})`) }),
          ).contentRules(behavior, 'Bash');
          const analysis = bash.analyzer.analyze(line);
          const picked = new Set(bashCandidates(rules, lineWords(analysis.ok ? analysis.subcommands : line)));
          for (const rule of rules) {
            if (picked.has(rule) || rule.content?.kind !== 'bash') continue;
            expect([
              rule.ref.text,
              line,
              bash.matchCommand(analysis, rule.content.pattern, behavior),
            ]).toEqual([rule.ref.text, line, false]);
            if (analysis.ok) {
              for (const sub of analysis.subcommands)
                expect(
                  bash.matchCommand({ ...analysis, subcommands: [sub] }, rule.content.pattern, behavior),
                ).toBe(false);
            }
          }
        },
      ),
      { numRuns: 1000 },
    );
  });
});
