import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { decodeLogs } from './otlp-logs';

const fixture = (name: string) => readFileSync(`tests/fixtures/otlp/${name}`);

describe('decoding an OTLP logs body', () => {
  it('reads Claude Code 2.1.328’s protobuf: resource, attributes with their types, body and time', () => {
    const records = decodeLogs(fixture('claude-2.1.328-refused-by-hook.pb'), 'protobuf');
    const decision = records.find((record) => record.attributes.tool_use_id === 'toolu_5');
    expect(decision).toMatchObject({
      resource: { 'service.name': 'claude-code', 'service.version': '2.1.328' },
      body: 'claude_code.tool_decision',
      attributes: { 'event.name': 'tool_decision', decision: 'reject', source: 'hook', 'event.sequence': 27 },
    });
    expect(decision?.timeMs).toBe(Date.parse('2026-12-07T00:23:31.096Z'));
  });

  it('reads the same records from bytes that are a view into a larger buffer, as a worker receives them', () => {
    const body = fixture('claude-2.1.328-refused-by-hook.pb');
    const shared = new ArrayBuffer(body.byteLength + 24);
    new Uint8Array(shared).fill(0xff);
    const view = new Uint8Array(shared, 16, body.byteLength);
    view.set(body);
    expect(decodeLogs(view, 'protobuf')).toEqual(decodeLogs(body, 'protobuf'));
    expect([...new Uint8Array(shared, 0, 16)]).toEqual(Array(16).fill(0xff));
  });

  it('reads the JSON encoding of the same request', () => {
    const records = decodeLogs(fixture('claude-2.1.328.json'), 'json');
    expect(records[0]).toMatchObject({
      body: 'claude_code.tool_decision',
      attributes: { source: 'hook', 'event.sequence': 21, 'anthropic.custom_base_url': true },
    });
    // Nanoseconds past what a double holds exactly, divided as integers: the exact millisecond.
    expect(records[0]?.timeMs).toBe(1_796_602_999_285);
  });

  it('reads Codex 0.169.0’s protobuf', () => {
    const records = decodeLogs(fixture('codex-0.169.0-decision.pb'), 'protobuf');
    expect(records.find((record) => record.attributes['event.name'] === 'codex.tool_decision')).toMatchObject(
      {
        resource: { 'service.name': 'codex_exec' },
        attributes: { call_id: 'call_1', decision: 'approved', source: 'Config' },
      },
    );
  });

  it.each([
    ['protobuf', 'garbage{'],
    ['json', '{"resourceLogs":'],
    ['json', '{"resourceLogs":"not a list"}'],
    ['json', '[1,2]'],
  ] as const)('refuses a malformed %s body with one sentence naming the format', (encoding, body) => {
    expect(() => decodeLogs(Buffer.from(body), encoding)).toThrow(
      new RegExp(
        `^The body is not an OTLP ExportLogsServiceRequest in ${encoding === 'json' ? 'JSON' : 'protobuf'} \\(.+\\)\\.$`,
      ),
    );
  });
});
