import { describe, expect, it } from 'vitest';
import { LINK_CODE_TTL_MS as CODE_TTL_MS } from '../../common/console-contract';
import { RELOAD_GRACE_MS, createConsolePasses } from './console-passes';
import type { KeptSecret } from './console-passes';

function passesAt(start = 1_000_000) {
  const clock = { at: start };
  return { clock, passes: createConsolePasses(() => clock.at) };
}

describe('console passes, from the side of whoever finds an old link or a copied secret', () => {
  it('a code opens the console once; the same code again is told it was used', () => {
    const { passes } = passesAt();
    const code = passes.issueCode();
    const first = passes.redeem({ code });
    expect(first.ok).toBe(true);
    expect(passes.redeem({ code })).toEqual({ ok: false, reason: 'used' });
  });

  it('a code nobody opened stops working when its time is up', () => {
    const { clock, passes } = passesAt();
    const code = passes.issueCode();
    clock.at += CODE_TTL_MS;
    expect(passes.redeem({ code })).toEqual({ ok: false, reason: 'expired' });
  });

  it('a code just inside its time still works', () => {
    const { clock, passes } = passesAt();
    const code = passes.issueCode();
    clock.at += CODE_TTL_MS - 1;
    expect(passes.redeem({ code }).ok).toBe(true);
  });

  it('a made-up code or secret is unknown, and a code is not a secret', () => {
    const { passes } = passesAt();
    const code = passes.issueCode();
    expect(passes.redeem({ code: 'x'.repeat(43) })).toEqual({ ok: false, reason: 'unknown' });
    expect(passes.redeem({ secret: code })).toEqual({ ok: false, reason: 'unknown' });
    expect(passes.redeem({ code }).ok).toBe(true);
  });

  it('a reload trades the tab secret for the next one; the old secret is then used', () => {
    const { passes } = passesAt();
    const first = passes.redeem({ code: passes.issueCode() });
    if (!first.ok) throw new Error('the code was refused');
    const second = passes.redeem({ secret: first.secret });
    if (!second.ok) throw new Error('the secret was refused');
    expect(second.secret).not.toBe(first.secret);
    expect(passes.redeem({ secret: first.secret })).toEqual({ ok: false, reason: 'used' });
    expect(passes.redeem({ secret: second.secret }).ok).toBe(true);
  });

  it('a secret whose tab went away works for a reload, then expires', () => {
    const { clock, passes } = passesAt();
    const opened = passes.redeem({ code: passes.issueCode() });
    if (!opened.ok) throw new Error('the code was refused');
    opened.release();
    clock.at += RELOAD_GRACE_MS - 1;
    const reloaded = passes.redeem({ secret: opened.secret });
    if (!reloaded.ok) throw new Error('the reload was refused');
    reloaded.release();
    clock.at += RELOAD_GRACE_MS;
    expect(passes.redeem({ secret: reloaded.secret })).toEqual({ ok: false, reason: 'expired' });
  });

  it('a secret held by an open socket does not expire however long the tab stays', () => {
    const { clock, passes } = passesAt();
    const opened = passes.redeem({ code: passes.issueCode() });
    if (!opened.ok) throw new Error('the code was refused');
    clock.at += 24 * 60 * 60_000;
    passes.issueCode();
    expect(passes.redeem({ secret: opened.secret }).ok).toBe(true);
  });

  it('a tab with a stale secret and a new link gets in by the link, and spends both', () => {
    const { passes } = passesAt();
    const opened = passes.redeem({ code: passes.issueCode() });
    if (!opened.ok) throw new Error('the code was refused');
    passes.redeem({ secret: opened.secret });
    const code = passes.issueCode();
    expect(passes.redeem({ secret: opened.secret, code }).ok).toBe(true);
    expect(passes.redeem({ code })).toEqual({ ok: false, reason: 'used' });
  });

  it('a new link opened in a tab that is already in is spent too, not left live in its history', () => {
    const { passes } = passesAt();
    const opened = passes.redeem({ code: passes.issueCode() });
    if (!opened.ok) throw new Error('the code was refused');
    const code = passes.issueCode();
    expect(passes.redeem({ secret: opened.secret, code }).ok).toBe(true);
    expect(passes.redeem({ code })).toEqual({ ok: false, reason: 'used' });
  });

  it('a refusal names why the code failed when there was one, and nothing at all is unknown', () => {
    const { clock, passes } = passesAt();
    const code = passes.issueCode();
    clock.at += CODE_TTL_MS;
    expect(passes.redeem({ secret: 'y'.repeat(43), code })).toEqual({ ok: false, reason: 'expired' });
    expect(passes.redeem({})).toEqual({ ok: false, reason: 'unknown' });
  });
});

describe('tab secrets across a restart of the console', () => {
  function keeping() {
    const kept: { secrets: readonly KeptSecret[] } = { secrets: [] };
    return {
      kept,
      keeping: { secrets: [], keep: async (secrets: readonly KeptSecret[]) => void (kept.secrets = secrets) },
    };
  }

  it('a secret a tab held when the console stopped opens the next console on that home, once', () => {
    const clock = { at: 1_000_000 };
    const { kept, keeping: first } = keeping();
    const before = createConsolePasses(() => clock.at, first);
    const opened = before.redeem({ code: before.issueCode() });
    if (!opened.ok) throw new Error('the code did not open the console');
    before.stop();
    opened.release();
    expect(JSON.stringify(kept.secrets)).not.toContain(opened.secret);

    clock.at += 60 * 60_000;
    const after = createConsolePasses(() => clock.at, {
      secrets: kept.secrets,
      keep: () => Promise.resolve(),
    });
    expect(after.redeem({ secret: opened.secret }).ok).toBe(true);
    expect(after.redeem({ secret: opened.secret })).toEqual({ ok: false, reason: 'used' });
  });

  it('works for one reload grace after the next start, not after', () => {
    const clock = { at: 1_000_000 };
    const { kept, keeping: first } = keeping();
    const before = createConsolePasses(() => clock.at, first);
    const opened = before.redeem({ code: before.issueCode() });
    if (!opened.ok) throw new Error('the code did not open the console');
    before.stop();

    const after = createConsolePasses(() => clock.at, {
      secrets: kept.secrets,
      keep: () => Promise.resolve(),
    });
    clock.at += RELOAD_GRACE_MS;
    expect(after.redeem({ secret: opened.secret })).toEqual({ ok: false, reason: 'expired' });
  });

  it('a console on another home does not know it', () => {
    const { keeping: first } = keeping();
    const before = createConsolePasses(Date.now, first);
    const opened = before.redeem({ code: before.issueCode() });
    if (!opened.ok) throw new Error('the code did not open the console');
    before.stop();
    const other = createConsolePasses(Date.now, { secrets: [], keep: () => Promise.resolve() });
    expect(other.redeem({ secret: opened.secret })).toEqual({ ok: false, reason: 'unknown' });
  });

  it('hands a tab its secret only once the home keeps its digest', async () => {
    let written!: () => void;
    const onDisk = new Promise<void>((resolve) => (written = resolve));
    const kept: KeptSecret[][] = [];
    const passes = createConsolePasses(Date.now, {
      secrets: [],
      keep: (secrets) => {
        kept.push([...secrets]);
        return onDisk;
      },
    });
    const opened = passes.redeem({ code: passes.issueCode() });
    if (!opened.ok) throw new Error('the code did not open the console');
    let handed = false;
    const handing = opened.kept.then(() => (handed = true));
    await new Promise((resolve) => setImmediate(resolve));
    expect(handed).toBe(false);
    expect(kept.at(-1)).toHaveLength(1);
    written();
    await handing;
    expect(handed).toBe(true);
  });
});
