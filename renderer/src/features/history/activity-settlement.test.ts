import { describe, expect, it } from 'vitest';
import type { ActivityCallView } from '../../../../common/history-contract';
import { createTranslator } from '../../i18n/translate';
import { allowedWithNoPerson, refusedByClassifier, settlementOf } from './activity-settlement';

const call = (overrides: Partial<ActivityCallView>): ActivityCallView => ({
  callId: 'toolu_1',
  tool: 'Bash',
  allowed: true,
  ...overrides,
});

describe('how an agent’s own call was settled, in words', () => {
  const en = createTranslator('en');
  const zh = createTranslator('zh-CN');
  const say = (view: ActivityCallView, agent: 'claude' | 'codex' = 'claude', t = en) => {
    const { key, params } = settlementOf(view, agent);
    return t(key, params);
  };

  it('names who decided for each source the pinned binaries send', () => {
    expect(say(call({ source: 'user_permanent' }))).toBe('Allowed by a rule in Claude Code’s settings');
    expect(say(call({ source: 'config' }))).toBe(
      'Allowed by Claude Code itself, with no person (its settings or mode)',
    );
    expect(say(call({ source: 'classifier', allowed: false }))).toBe('Refused by Claude Code’s classifier');
    expect(say(call({ source: 'user_reject', allowed: false }))).toBe('Refused by you in the terminal');
    expect(say(call({ source: 'AutomatedReviewer', allowed: false }), 'codex')).toBe(
      'Refused by Codex’s automatic reviewer',
    );
    expect(say(call({ source: 'AutomatedReviewer', allowed: false }), 'codex', zh)).toBe(
      '被 Codex 的自动审查拒绝',
    );
  });

  it('says a call Gatehouse asked about was settled through its question, whatever the agent called it', () => {
    expect(say(call({ source: 'hook', requestId: 'req-1' }))).toBe('Allowed through Gatehouse’s question');
    expect(say(call({ source: 'Config', requestId: 'req-1' }), 'codex')).toBe(
      'Allowed through Gatehouse’s question',
    );
    expect(say(call({ source: 'hook', allowed: false, requestId: 'req-1' }), 'claude', zh)).toBe(
      '经 Gatehouse 的询问拒绝',
    );
  });

  it('says a retried call was let through by the person’s overturn, joined to a question or not', () => {
    expect(say(call({ source: 'hook', retryOf: 'refusal-1' }))).toBe(
      'Let through by your overturn of Claude Code’s classifier',
    );
    expect(say(call({ source: 'hook', retryOf: 'refusal-1', requestId: 'refusal-1' }), 'claude', zh)).toBe(
      '因你推翻 Claude Code 分类器的拒绝而放行',
    );
  });

  it('keeps a source it does not know in the agent’s own word, and a call with no decision apart', () => {
    expect(say(call({ source: 'sandbox' }))).toBe('Allowed (sandbox)');
    expect(say(call({ allowed: undefined, success: true }))).toBe('Ran without a decision on record');
  });

  it('filters the classifier’s refusals and the allows no person made', () => {
    expect(refusedByClassifier(call({ source: 'classifier', allowed: false }))).toBe(true);
    expect(refusedByClassifier(call({ source: 'AutomatedReviewer', allowed: false }))).toBe(true);
    expect(refusedByClassifier(call({ source: 'hook', allowed: false }))).toBe(false);
    expect(allowedWithNoPerson(call({ source: 'config' }))).toBe(true);
    expect(allowedWithNoPerson(call({ source: 'Config' }))).toBe(true);
    expect(allowedWithNoPerson(call({ source: 'Config', requestId: 'req-1' }))).toBe(false);
    expect(allowedWithNoPerson(call({ source: 'user_permanent' }))).toBe(false);
  });
});
