import { readFileSync } from 'node:fs';
import { appendFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { NotTakenView } from '../../common/history-contract';
import type { AgentInfo, PermissionDecision, PermissionRequest } from '../../common/protocol';
import { createSignal } from '../../common/signal';
import { transcriptVerdict } from '../../common/transcript-verdict';
import { makeTempDir } from '../../tests/support/temp-dir';
import { createSqliteHistory } from '../history/sqlite-history';
import { sampleEntry, sampleRequest } from '../history/testing/sample';
import type { History } from '../history/types';
import { notTakenBecause, watchAgentOutcomes } from './agent-outcome';
import type { AgentOutcomes } from './agent-outcome';

/** The tool-use lines of a real Claude Code 2.1.328 transcript: allowed.txt ran, denied.txt a hook denied,
 * refused.txt the person refused in the terminal with "use the build folder". */
const REAL = readFileSync('tests/fixtures/claude-code/transcript-2.1.328-outcomes.jsonl', 'utf8')
  .split('\n')
  .filter(Boolean);
const touch = (name: string) => ({ command: `touch ${name}`, description: `Make ${name}` });
const verdictOn = (name: string) => transcriptVerdict(REAL, 'Bash', touch(name))!;

describe('what the agent did instead of the console’s answer', () => {
  it('an Allow the terminal’s No came before: not taken, with the person’s words', () => {
    expect(notTakenBecause({ behavior: 'allow' }, verdictOn('refused.txt'))).toEqual({
      because: 'terminal-no',
      message: 'use the build folder',
    });
  });

  it('a Deny the terminal’s Yes came before, so the call ran: not taken', () => {
    expect(notTakenBecause({ behavior: 'deny' }, verdictOn('allowed.txt'))).toEqual({
      because: 'terminal-yes',
    });
  });

  it('an answer the agent did take says nothing', () => {
    expect(notTakenBecause({ behavior: 'allow' }, verdictOn('allowed.txt'))).toBeUndefined();
    expect(notTakenBecause({ behavior: 'deny' }, verdictOn('denied.txt'))).toBeUndefined();
  });
});

describe('watching the transcript after the console answered', () => {
  let dir: Awaited<ReturnType<typeof makeTempDir>>;
  let history: History;
  let outcomes: AgentOutcomes;
  let transcript: string;
  const sent = createSignal<{
    request: PermissionRequest;
    agent: AgentInfo;
    decision: PermissionDecision;
    receivedAt: number;
  }>();
  const claude: AgentInfo = { name: 'claude-code', version: '2.1.328' };

  beforeEach(async () => {
    dir = await makeTempDir();
    history = createSqliteHistory(join(dir.path, 'history.db'));
    transcript = join(dir.path, 'session.jsonl');
    outcomes = watchAgentOutcomes({ sent, store: history, pollMs: 10 });
  });
  afterEach(async () => {
    outcomes.close();
    history.close();
    await dir.remove();
  });

  /** Records and "sends" the console's answer to the refused.txt call, as the registry does. */
  function answer(
    behavior: 'allow' | 'deny',
    by: PermissionDecision['by'] = 'console',
    agent = claude,
    receivedAt = 1_000,
  ) {
    const request = sampleRequest({
      id: `r-${behavior}-${by}`,
      sessionId: 'S',
      tool: 'Bash',
      input: touch('refused.txt'),
      transcriptPath: transcript,
    });
    const entry = sampleEntry(request, { behavior, by }, { agent });
    history.record(entry);
    sent.emit({ request, agent, decision: entry.decision, receivedAt });
    return request.id;
  }
  const amendedOnce = () =>
    new Promise<{ id: string; notTaken: NotTakenView }>((done) => {
      const off = outcomes.amended.subscribe((event) => {
        off();
        done(event);
      });
    });

  it('amends a console Allow once the transcript shows the terminal’s No came first', async () => {
    await writeFile(transcript, `${REAL.slice(0, 4).join('\n')}\n${REAL[4]}\n`);
    const amended = amendedOnce();
    const id = answer('allow');
    await appendFile(transcript, `${REAL[5]}\n`);
    expect(await amended).toEqual({
      id,
      notTaken: { because: 'terminal-no', message: 'use the build folder' },
    });
    expect(history.sessionTimeline('S')[0]?.decision).toMatchObject({
      decision: { behavior: 'allow', by: 'console' },
      notTaken: { because: 'terminal-no', message: 'use the build folder' },
    });
  });

  it('does not take an earlier identical call’s No for this call’s, while this call’s tool use is unwritten', async () => {
    // The whole real transcript, refused.txt's No included, was written before this request arrived.
    await writeFile(transcript, `${REAL.join('\n')}\n`);
    const id = answer('allow', 'console', claude, Date.parse('2026-12-05T00:00:00Z'));
    await new Promise((tick) => setTimeout(tick, 200));
    expect(
      history.sessionTimeline('S').find((entry) => entry.request.id === id)?.decision?.notTaken,
    ).toBeUndefined();
  });

  it('leaves the agent’s own answer, another agent’s, and a file that is not a transcript alone', async () => {
    await writeFile(transcript, `${REAL.join('\n')}\n`);
    answer('deny', 'agent');
    answer('allow', 'console', { name: 'codex' });
    transcript = join(dir.path, 'session.txt');
    await writeFile(transcript, `${REAL.join('\n')}\n`);
    answer('deny', 'console');
    await new Promise((tick) => setTimeout(tick, 200));
    expect(history.sessionTimeline('S').map((entry) => entry.decision?.notTaken)).toEqual([
      undefined,
      undefined,
      undefined,
    ]);
  });
});
