import { describe, expect, it } from 'vitest';
import { EMPTY_DRAFT, readDraft } from './filter-draft';

describe('readDraft', () => {
  it('selects everything when blank', () => {
    expect(readDraft({ ...EMPTY_DRAFT, text: '   ' })).toEqual({ filter: {} });
  });

  it('trims what was typed and covers whole local days', () => {
    expect(
      readDraft({
        text: ' npm test ',
        tool: ' Bash',
        project: '/srv/app ',
        outcome: 'deny',
        decidedBy: 'timeout',
        from: '2026-03-01',
        to: '2026-03-01',
      }),
    ).toEqual({
      filter: {
        text: 'npm test',
        tool: 'Bash',
        project: '/srv/app',
        outcome: 'deny',
        decidedBy: 'timeout',
        from: new Date(2026, 2, 1).getTime(),
        to: new Date(2026, 2, 2).getTime() - 1,
      },
    });
  });

  it('refuses a range that ends before it starts', () => {
    expect(readDraft({ ...EMPTY_DRAFT, from: '2026-03-02', to: '2026-03-01' })).toEqual({ error: 'range' });
  });

  it('keeps a search within the contract limit', () => {
    const reading = readDraft({ ...EMPTY_DRAFT, text: 'x'.repeat(600) });
    expect('filter' in reading && reading.filter.text).toHaveLength(500);
  });
});
