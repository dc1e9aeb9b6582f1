/**
 * The two sides of a tab's return to a restarted console, computed by their own code: the tab's WebCrypto
 * challenge and the console's proof agree for the secret it handed out, and only on the tab's own port.
 */
import { describe, expect, it } from 'vitest';
import { createConsolePasses } from '../../main/web/console-passes';
import { prepareResumeChallenge } from '../../renderer/src/transport/resume-proof';

function openedSecret() {
  const passes = createConsolePasses();
  const opened = passes.redeem({ code: passes.issueCode() });
  if (!opened.ok) throw new Error('the code did not open the console');
  return { passes, secret: opened.secret };
}

describe('a resume proof', () => {
  it('is what the tab expects from the console that handed its secret out', async () => {
    const { passes, secret } = openedSecret();
    const challenge = await prepareResumeChallenge(secret, '4312');
    expect(passes.prove(challenge.frame.for, challenge.frame.nonce, 4312)).toEqual({
      ok: true,
      proof: challenge.proof,
    });
  });

  it('from a console on another port, relayed, is not what the tab expects', async () => {
    const { passes, secret } = openedSecret();
    const challenge = await prepareResumeChallenge(secret, '4312');
    const relayed = passes.prove(challenge.frame.for, challenge.frame.nonce, 4313);
    expect(relayed.ok && relayed.proof).not.toBe(challenge.proof);
  });

  it('names the secret without giving it away, and a fresh nonce each time', async () => {
    const { secret } = openedSecret();
    const first = await prepareResumeChallenge(secret, '4312');
    const second = await prepareResumeChallenge(secret, '4312');
    expect(JSON.stringify(first.frame)).not.toContain(secret);
    expect(second.frame.for).toBe(first.frame.for);
    expect(second.frame.nonce).not.toBe(first.frame.nonce);
  });
});
