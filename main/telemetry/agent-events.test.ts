import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { agentToolEvents, retiringEvents } from './agent-events';
import { decodeLogs } from './otlp-logs';

const eventsOf = (name: string) =>
  agentToolEvents(decodeLogs(readFileSync(`tests/fixtures/otlp/${name}`), 'protobuf'), 0);

describe('the agents’ tool events', () => {
  it('keeps Claude Code’s decision by a rule and its result, with the input from OTEL_LOG_TOOL_DETAILS', () => {
    const events = eventsOf('claude-2.1.328-allowed-by-rule.pb');
    expect(events).toEqual([
      {
        kind: 'decision',
        agent: 'claude',
        sessionId: expect.any(String),
        callId: 'toolu_1',
        tool: 'Bash',
        input: { command: 'touch ruled.txt', description: 'Make ruled.txt' },
        at: Date.parse('2026-12-07T00:23:29.306Z'),
        sequence: 14,
        decision: 'accept',
        allowed: true,
        source: 'user_permanent',
        permissionMode: 'default',
      },
      {
        kind: 'result',
        agent: 'claude',
        sessionId: events[0]?.sessionId,
        callId: 'toolu_1',
        tool: 'Bash',
        input: { command: 'touch ruled.txt', description: 'Make ruled.txt' },
        at: Date.parse('2026-12-07T00:23:29.357Z'),
        sequence: 16,
        success: true,
        durationMs: 48,
        error: undefined,
      },
    ]);
  });

  it('keeps a refusal by the hook, a call Claude Code allowed itself, and a failed result', () => {
    const events = eventsOf('claude-2.1.328-refused-by-hook.pb');
    expect(
      events.map((event) => [
        event.kind,
        event.callId,
        event.kind === 'decision' ? event.source : event.success,
      ]),
    ).toEqual([
      ['decision', 'toolu_5', 'hook'],
      ['decision', 'toolu_7', 'config'],
      ['result', 'toolu_7', false],
    ]);
    expect(events[0]).toMatchObject({ allowed: false, decision: 'reject' });
    expect(events[2]).toMatchObject({ error: 'ShellError', durationMs: 22, input: { command: 'false' } });
  });

  it('keeps Codex’s decision and result, keyed by conversation and call', () => {
    const decision = eventsOf('codex-0.169.0-decision.pb');
    const result = eventsOf('codex-0.169.0-result.pb');
    expect(decision).toEqual([
      expect.objectContaining({
        kind: 'decision',
        agent: 'codex',
        callId: 'call_1',
        tool: 'exec_command',
        decision: 'approved',
        allowed: true,
        source: 'Config',
        sequence: undefined,
      }),
    ]);
    expect(result).toEqual([
      expect.objectContaining({
        kind: 'result',
        agent: 'codex',
        sessionId: decision[0]?.sessionId,
        callId: 'call_1',
        success: true,
        durationMs: 707,
        input: { cmd: 'touch codex.txt', justification: 'Make it', sandbox_permissions: 'require_escalated' },
      }),
    ]);
  });

  it('drops a tool record without its session or call, and every other event', () => {
    const record = (attributes: Record<string, string>) => ({
      resource: {},
      attributes,
      body: undefined,
      timeMs: 5,
    });
    expect(
      agentToolEvents(
        [
          record({ 'event.name': 'tool_decision', tool_name: 'Bash', tool_use_id: 't' }),
          record({ 'event.name': 'codex.tool_result', tool_name: 'x', 'conversation.id': 'c' }),
          record({ 'event.name': 'api_request', 'session.id': 's' }),
        ],
        0,
      ),
    ).toEqual([]);
  });

  it('turns each result into what the PostToolUse hooks would have told the console, and nothing else', () => {
    const ruled = eventsOf('claude-2.1.328-allowed-by-rule.pb');
    expect(retiringEvents(ruled)).toEqual([
      {
        sessionId: ruled[0]?.sessionId,
        event: 'tool.finished',
        tool: 'Bash',
        input: { command: 'touch ruled.txt', description: 'Make ruled.txt' },
      },
    ]);
    expect(retiringEvents(eventsOf('claude-2.1.328-refused-by-hook.pb'))).toEqual([
      expect.objectContaining({
        event: 'tool.failed',
        tool: 'Bash',
        input: { command: 'false', description: 'fail' },
      }),
    ]);
    // Codex's shell call, named as its permission hook names it.
    expect(retiringEvents(eventsOf('codex-0.169.0-result.pb'))).toEqual([
      expect.objectContaining({
        event: 'tool.finished',
        tool: 'Bash',
        input: { command: 'touch codex.txt' },
      }),
    ]);
  });
});
