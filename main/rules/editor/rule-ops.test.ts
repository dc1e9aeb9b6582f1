import { describe, expect, it } from 'vitest';
import { applyFileOps, opsHold } from './rule-ops';

const FILE = '/p/.claude/settings.json';
const compact = `{"model":"opus","permissions":{"allow":["Bash(npm test)"],"deny":["Read(./.env)"]},"hooks":{"x":1}}\n`;

function done(result: ReturnType<typeof applyFileOps>) {
  if (result.kind !== 'done') throw new Error(`expected done, got ${result.kind}`);
  return result.text;
}

describe('rule operations on a settings file', () => {
  it('adds a rule and keeps every other key and the compact layout', () => {
    const text = done(applyFileOps(compact, FILE, [{ kind: 'add', behavior: 'allow', rule: 'Bash(ls)' }]));
    expect(text).toBe(compact.replace('"Bash(npm test)"]', '"Bash(npm test)", "Bash(ls)"]'));
  });

  it('creates the permissions of a file that does not exist yet', () => {
    const text = done(applyFileOps(undefined, FILE, [{ kind: 'add', behavior: 'ask', rule: 'WebFetch' }]));
    expect(JSON.parse(text)).toEqual({ permissions: { ask: ['WebFetch'] } });
  });

  it('replaces a rule in place and removes one', () => {
    const replaced = done(
      applyFileOps(compact, FILE, [
        { kind: 'replace', behavior: 'allow', rule: 'Bash(npm test)', with: 'Bash(npm *)' },
      ]),
    );
    expect(JSON.parse(replaced).permissions.allow).toEqual(['Bash(npm *)']);
    const removed = done(
      applyFileOps(compact, FILE, [{ kind: 'remove', behavior: 'deny', rule: 'Read(./.env)' }]),
    );
    expect(JSON.parse(removed).permissions.deny).toEqual([]);
    expect(JSON.parse(removed).hooks).toEqual({ x: 1 });
  });

  it('is a conflict when the rule it acts on is gone, and applies anyway when forced', () => {
    const op = { kind: 'replace', behavior: 'allow', rule: 'Bash(gone)', with: 'Bash(new)' } as const;
    const result = applyFileOps(compact, FILE, [op]);
    expect(result).toEqual({
      kind: 'conflict',
      refusal: {
        code: 'rule-gone',
        message: `The allow rule Bash(gone) is no longer in ${FILE}: the file changed on disk since you read it.`,
        params: { rule: 'Bash(gone)', file: FILE },
      },
    });
    expect(JSON.parse(done(applyFileOps(compact, FILE, [op], true))).permissions.allow).toEqual([
      'Bash(npm test)',
      'Bash(new)',
    ]);
  });

  it('takes a delete of a rule that is already gone as done, but not the removal half of a move', () => {
    const gone = { kind: 'remove', behavior: 'allow', rule: 'Bash(gone)' } as const;
    expect(applyFileOps(compact, FILE, [{ ...gone, goneIsDone: true }])).toEqual({
      kind: 'done',
      text: compact,
      changed: false,
    });
    expect(applyFileOps(compact, FILE, [gone]).kind).toBe('conflict');
  });

  it('refuses a broken file with one sentence and an invalid rule with the parser sentence', () => {
    const broken = applyFileOps('{"permissions": ', FILE, [{ kind: 'add', behavior: 'allow', rule: 'Bash' }]);
    expect(broken.kind).toBe('broken');
    expect(broken.kind === 'broken' && broken.refusal).toMatchObject({
      code: 'broken-file',
      params: { file: FILE },
    });
    expect(broken.kind === 'broken' && broken.refusal.message).toMatch(
      /not valid JSON.*Gatehouse will not overwrite it\.$/,
    );
    const invalid = applyFileOps(compact, FILE, [{ kind: 'add', behavior: 'allow', rule: 'Bash(' }]);
    const sentence = 'The rule "Bash(" opens "(" after "Bash" but never closes it.';
    expect(invalid).toEqual({
      kind: 'invalid',
      refusal: {
        code: 'bad-rule',
        message: sentence,
        params: { rule: 'Bash(', detail: sentence },
        // The console words the engine's sentence in its own language from this.
        phrases: {
          detail: {
            code: 'ruleSyntax.neverClosed',
            params: { rule: { literal: 'Bash(' }, tool: { literal: 'Bash' } },
          },
        },
      },
    });
  });

  it('refuses a rule the engine or Claude Code would reject at load time', () => {
    for (const rule of ['WebFetch(pytorch.org)', 'bash(npm test *)']) {
      expect(applyFileOps(compact, FILE, [{ kind: 'add', behavior: 'allow', rule }]).kind).toBe('invalid');
      expect(
        applyFileOps(compact, FILE, [
          { kind: 'replace', behavior: 'allow', rule: 'Bash(npm test)', with: rule },
        ]).kind,
      ).toBe('invalid');
    }
  });

  it('says whether operations hold in a text', () => {
    expect(opsHold(compact, [{ kind: 'add', behavior: 'allow', rule: 'Bash(npm test)' }])).toBe(true);
    expect(opsHold(compact, [{ kind: 'remove', behavior: 'deny', rule: 'Read(./.env)' }])).toBe(false);
  });
});
