import { describe, expect, it } from 'vitest';
import type { RuleRefView } from '../../common/queue-contract';
import { closestNearMisses } from './near-misses';

const rule = (text: string, behavior: RuleRefView['behavior'] = 'allow'): RuleRefView => ({
  text,
  behavior,
  source: 'projectSettings',
});

describe('closestNearMisses', () => {
  it('keeps the few rules that share the most with the call, and drops the unrelated', () => {
    const misses = [
      rule('Bash(sudo:*)', 'deny'),
      rule('Bash(npm run build *)'),
      rule('Bash(git status)'),
      rule('Bash(git push --force *)', 'ask'),
      rule('Bash(npm test *)'),
      rule('Bash(git pull *)'),
    ];
    expect(closestNearMisses(misses, ['git push origin main']).map((r) => r.text)).toEqual([
      'Bash(git push --force *)',
      'Bash(git pull *)',
      'Bash(git status)',
    ]);
  });

  it('reads paths and domains as a rule names them', () => {
    const reads = [rule('Read(./src/**)'), rule('Read(./docs/**)')];
    expect(closestNearMisses(reads, ['src/app.ts']).map((r) => r.text)).toEqual(['Read(./src/**)']);
    const fetches = [rule('WebFetch(domain:example.com)'), rule('WebFetch(domain:docs.python.org)')];
    expect(closestNearMisses(fetches, ['docs.pytorch.org']).map((r) => r.text)).toEqual([
      'WebFetch(domain:docs.python.org)',
    ]);
  });
});
