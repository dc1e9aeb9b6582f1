/**
 * One `claude_code.tool_decision` log record as Claude Code 2.1.328 exports it over OTLP/HTTP JSON (the
 * attributes of tests/fixtures/otlp/claude-2.1.328.json), for a test that needs a call of its own making.
 */
export interface ClaudeToolDecision {
  readonly sessionId: string;
  readonly callId: string;
  readonly tool: string;
  readonly source: string;
  readonly decision: 'accept' | 'reject';
  readonly sequence: number;
  readonly at: number;
}

const text = (key: string, value: string) => ({ key, value: { stringValue: value } });

export function claudeToolDecisionJson(call: ClaudeToolDecision): string {
  const nanos = `${call.at}000000`;
  return JSON.stringify({
    resourceLogs: [
      {
        resource: { attributes: [text('service.name', 'claude-code'), text('service.version', '2.1.328')] },
        scopeLogs: [
          {
            scope: { name: 'com.anthropic.claude_code.events', version: '2.1.328' },
            logRecords: [
              {
                timeUnixNano: nanos,
                observedTimeUnixNano: nanos,
                body: { stringValue: 'claude_code.tool_decision' },
                attributes: [
                  text('session.id', call.sessionId),
                  text('event.name', 'tool_decision'),
                  text('event.timestamp', new Date(call.at).toISOString()),
                  { key: 'event.sequence', value: { intValue: call.sequence } },
                  text('decision', call.decision),
                  text('source', call.source),
                  text('tool_name', call.tool),
                  text('tool_use_id', call.callId),
                  text('tool_source', 'builtin'),
                  text('permission_mode', 'auto'),
                ],
              },
            ],
          },
        ],
      },
    ],
  });
}
