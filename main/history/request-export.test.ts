import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSqliteHistory } from './sqlite-history';
import { sampleEntry, sampleRequest } from './testing/sample';
import type {
  ExportFormatView,
  ExportPageView,
  HistoryFilter,
  RequestCursorView,
} from '../../common/history-contract';
import type { History } from './types';

let dir: string;
let history: History;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'gatehouse-export-'));
  history = createSqliteHistory(join(dir, 'history.db'));
});

afterEach(() => {
  history.close();
  rmSync(dir, { recursive: true, force: true });
});

function exported(format: ExportFormatView, filter: HistoryFilter = {}): string[] {
  const chunks: string[] = [];
  history.exportRequests(filter, format, (chunk) => chunks.push(chunk));
  return chunks;
}

/** A strict RFC 4180 reader, so the test checks the file a spreadsheet would read. */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let i = 0;
  while (i < text.length) {
    if (text[i] === '"') {
      const end = /^"((?:[^"]|"")*)"/.exec(text.slice(i));
      if (!end) throw new Error(`unterminated quote at ${i}`);
      record.push(end[1]!.replaceAll('""', '"'));
      i += end[0].length;
    } else {
      const [bare] = /^[^,\r\n"]*/.exec(text.slice(i))!;
      record.push(bare);
      i += bare.length;
    }
    if (text[i] === ',') i += 1;
    else if (text.startsWith('\r\n', i)) {
      records.push(record);
      record = [];
      i += 2;
    } else throw new Error(`unexpected ${JSON.stringify(text[i])} at ${i}`);
  }
  return records;
}

const NASTY = [
  'echo "a, b"\nrm -rf ~',
  '=HYPERLINK("http://evil.example","click")',
  '+cmd|" /C calc"!A0',
  '-2+3',
  '@SUM(1+1)*cmd|" /C calc"!A0',
  'tab\there, "quotes" and \r\n CRLF',
  'emoji 🚀 and \u2028 separator',
];

describe('exportRequests', () => {
  beforeEach(() => {
    NASTY.forEach((command, index) =>
      history.record(
        sampleEntry(
          sampleRequest({ id: `r${index}`, input: { command } }),
          { behavior: 'deny', message: command },
          { receivedAt: 1_000 + index, decidedAt: 2_000 + index, ruleWritten: command },
        ),
      ),
    );
    history.recordPending(sampleRequest({ id: 'pending', cwd: '/srv/a,b' }), { name: 'claude-code' }, 5_000);
  });

  it('writes JSONL that parses back to exactly what queryRequests returns', () => {
    const lines = exported('jsonl').join('').split('\n');
    expect(lines.pop()).toBe('');
    const all = history.queryRequests({}, { limit: 100 }).entries;
    expect(lines.map((line) => JSON.parse(line))).toEqual(all);
    for (const line of lines)
      expect(JSON.parse(line).agent).toEqual({ name: 'claude-code', version: '2.0.14' });
  });

  it('writes CSV under a header that reads back field for field, formulas kept as text', () => {
    const [header, ...rows] = parseCsv(exported('csv').join(''));
    expect(header).toEqual([
      'id',
      'session_id',
      'agent',
      'agent_version',
      'received_at',
      'tool',
      'cwd',
      'mode',
      'input',
      'outcome',
      'decided_by',
      'channel',
      'latency_ms',
      'decided_at',
      'rule_written',
      'message',
      'not_taken',
      'not_taken_message',
      'option_kind',
      'option_name',
      'ended',
    ]);
    expect(rows).toHaveLength(NASTY.length + 1);
    const [pending, ...decided] = rows;
    expect(pending).toEqual([
      'pending',
      'session-1',
      'claude-code',
      '2.0.14',
      new Date(5_000).toISOString(),
      'Bash',
      '/srv/a,b',
      'default',
      JSON.stringify(sampleRequest().input),
      'pending',
      '',
      '',
      '',
      '',
      '',
      '',
      '',
      '',
      '',
      '',
      '',
    ]);
    const guarded = (text: string) => (/^[=+\-@\t\r]/.test(text) ? `'${text}` : text);
    decided.reverse().forEach((row, index) => {
      const command = NASTY[index]!;
      expect(row[8]).toBe(JSON.stringify({ command }));
      expect(row[9]).toBe('deny');
      expect(row[12]).toBe('1000');
      expect(row[14]).toBe(guarded(command));
      expect(row[15]).toBe(guarded(command));
    });
    expect(decided[1]?.[15]?.startsWith("'=HYPERLINK")).toBe(true);
  });

  it('says in CSV when the agent did not take the answer, and what the person told it instead', () => {
    history.record(
      sampleEntry(sampleRequest({ id: 'dropped' }), { behavior: 'allow' }, { receivedAt: 9_000 }),
    );
    history.recordNotTaken('dropped', { because: 'terminal-no', message: 'use the build folder' });
    const [, newest] = parseCsv(exported('csv').join(''));
    expect(newest?.slice(0, 1)).toEqual(['dropped']);
    expect(newest?.slice(9, 11)).toEqual(['allow', 'console']);
    expect(newest?.slice(16)).toEqual(['terminal-no', 'use the build folder', '', '', '']);
  });

  it('exports only the selection', () => {
    const rows = parseCsv(exported('csv', { outcome: 'pending' }).join(''));
    expect(rows.map((row) => row[0])).toEqual(['id', 'pending']);
    expect(exported('jsonl', { tool: 'Nothing' })).toEqual([]);
    expect(exported('csv', { tool: 'Nothing' })).toHaveLength(1);
  });

  it('streams a large selection in pages rather than in one piece', () => {
    for (let index = 0; index < 1_200; index++)
      history.record(sampleEntry(sampleRequest({ id: `bulk${index}` }), {}, { receivedAt: 10_000 + index }));
    const chunks = exported('jsonl', { outcome: 'allow' });
    expect(chunks.length).toBeGreaterThanOrEqual(3);
    const lines = chunks.map((chunk) => chunk.split('\n').length - 1);
    expect(Math.max(...lines)).toBeLessThanOrEqual(500);
    expect(lines.reduce((sum, count) => sum + count, 0)).toBe(1_200);
    const ids = chunks
      .join('')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line).request.id);
    expect(new Set(ids).size).toBe(1_200);
    expect(ids[0]).toBe('bulk1199');
  });
});

describe('exportPage', () => {
  function pages(format: ExportFormatView, maxBytes: number, filter: HistoryFilter = {}): ExportPageView[] {
    const all: ExportPageView[] = [];
    let before: RequestCursorView | undefined;
    do {
      const page = history.exportPage(filter, format, { maxBytes, ...(before ? { before } : {}) });
      all.push(page);
      before = page.next;
    } while (before);
    return all;
  }

  beforeEach(() => {
    for (let index = 0; index < 40; index++)
      history.record(
        sampleEntry(
          sampleRequest({ id: `p${index}`, input: { command: `echo ${'x'.repeat(index * 20)} "${index}"` } }),
          { behavior: index % 2 === 0 ? 'allow' : 'deny' },
          { receivedAt: 1_000 + Math.floor(index / 3) },
        ),
      );
  });

  it.each(['jsonl', 'csv'] as const)('concatenates to exactly the whole %s export', (format) => {
    const whole = exported(format).join('');
    const paged = pages(format, 2_000);
    expect(paged.length).toBeGreaterThan(5);
    expect(paged.map((page) => page.text).join('')).toBe(whole);
    for (const page of paged.slice(0, -1)) expect(Buffer.byteLength(page.text)).toBeLessThanOrEqual(2_000);
  });

  it('keeps the selection across pages and writes the CSV header once', () => {
    const text = pages('csv', 1_000, { outcome: 'deny' })
      .map((page) => page.text)
      .join('');
    const rows = parseCsv(text);
    expect(rows.filter((row) => row[0] === 'id')).toHaveLength(1);
    expect(rows.slice(1).map((row) => row[9])).toEqual(Array(20).fill('deny'));
  });

  it('moves on by one record when a record alone is larger than the budget', () => {
    const paged = pages('jsonl', 10);
    expect(paged).toHaveLength(40);
    expect(paged.every((page) => page.text.split('\n').length === 2)).toBe(true);
  });
});
