/**
 * Codex's log export pointed at the console: an `[otel]` table in `$CODEX_HOME/config.toml` (docs/codex.md,
 * "Telemetry"). Codex takes one exporter, so a person whose `[otel]` already has one keeps it and Gatehouse
 * adds nothing. What Gatehouse writes sits between two marker comments (or, inside a person's own `[otel]`
 * that has no exporter, on one marked line), so uninstall removes exactly that and leaves the file as it was.
 * A line scanner, as in codex-trust.ts: the app takes no TOML dependency, and the edit is one table.
 */
import { TELEMETRY_HEADER } from '../../files/telemetry-token';
import type { TelemetryTarget } from '../../files/telemetry-token';
import { SettingsProblem } from '../config-files/change-settings';

const BEGIN =
  '# gatehouse-telemetry:begin (the agent’s telemetry to the Gatehouse console; "gatehouse uninstall codex" removes it)';
/** The begin line when Gatehouse also ended the file's last line, which uninstall then takes back. */
const BEGIN_AFTER_NEWLINE = `${BEGIN} +newline`;
const END = '# gatehouse-telemetry:end';
const LINE_MARK = '# gatehouse-telemetry';

export function exporterLine(target: TelemetryTarget): string {
  return `exporter = { otlp-http = { endpoint = "${target.endpoint}", protocol = "binary", headers = { "${TELEMETRY_HEADER}" = "${target.token}" } } }`;
}

const HEADER = /^\s*\[\[?\s*([^\]]+?)\s*\]\]?\s*(?:#.*)?$/;
const isOtelTable = (name: string) => /^otel(\s*\.|$)/.test(name);

interface Scan {
  readonly lines: string[];
  /** The marked block's first and last line. */
  readonly block: { readonly begin: number; readonly end: number; readonly newline: boolean } | undefined;
  /** The person's `[otel]` header line. */
  readonly header: number | undefined;
  /** Whether the person's `[otel]`, a subtable of it or a dotted root key already names an exporter. */
  readonly exporter: boolean;
  /** Gatehouse's marked exporter line inside the person's table. */
  readonly markedLine: number | undefined;
}

function scan(text: string): Scan {
  const lines = text.split('\n');
  let begin: number | undefined;
  let block: Scan['block'];
  let header: number | undefined;
  let exporter = false;
  let markedLine: number | undefined;
  let rootKey = false;
  let current: string | undefined;
  lines.forEach((line, index) => {
    if (line.startsWith(BEGIN)) begin = index;
    if (line === END && begin !== undefined) {
      block = { begin, end: index, newline: lines[begin] === BEGIN_AFTER_NEWLINE };
      begin = undefined;
    }
    const inBlock =
      begin !== undefined || (block !== undefined && index <= block.end && index >= block.begin);
    const table = HEADER.exec(line);
    if (table) {
      current = table[1];
      if (!inBlock && current !== undefined && isOtelTable(current)) {
        header ??= current === 'otel' ? index : undefined;
        if (/^otel\s*\.\s*exporter/.test(current)) exporter = true;
      }
      return;
    }
    if (current === undefined && /^\s*otel\s*[.=]/.test(line)) rootKey = true;
    if (inBlock || current !== 'otel') return;
    if (line.endsWith(LINE_MARK) && /^\s*exporter\s*=/.test(line)) markedLine = index;
    else if (/^\s*exporter\s*[.=]/.test(line)) exporter = true;
  });
  return {
    lines,
    block,
    header,
    exporter: exporter || rootKey,
    markedLine,
  };
}

/**
 * Who `[otel]`'s exporter is: Gatehouse's (up to date or not), the person's own, or there is none. Read
 * without a target, for the hooks: with Gatehouse's exporter, Codex's `codex.tool_result` records tell the
 * console what its PostToolUse hook would.
 */
export function codexExporterOwner(text: string | undefined): 'gatehouse' | 'theirs' | 'none' {
  const found = scan(text ?? '');
  if (found.block !== undefined || found.markedLine !== undefined) return 'gatehouse';
  return found.exporter ? 'theirs' : 'none';
}

/**
 * The config with the console's exporter added or brought up to date; undefined when it is already there.
 * Throws SettingsProblem, with the sentence to print, when the person's own exporter stays.
 */
export function installCodexTelemetry(
  text: string | undefined,
  target: TelemetryTarget,
  path: string,
): string | undefined {
  const before = text ?? '';
  const found = scan(before);
  const line = exporterLine(target);
  if (found.block) {
    const lines = [...found.lines];
    lines.splice(
      found.block.begin,
      found.block.end - found.block.begin + 1,
      ...block(line, found.block.newline),
    );
    return unlessSame(lines.join('\n'), before);
  }
  if (found.markedLine !== undefined) {
    const lines = [...found.lines];
    lines[found.markedLine] = `${line}  ${LINE_MARK}`;
    return unlessSame(lines.join('\n'), before);
  }
  if (found.exporter)
    throw new SettingsProblem(
      `${path} already has an OpenTelemetry exporter in [otel], and Codex sends its logs to one exporter only, so Gatehouse left yours in place: the activity view shows only the calls that reach the console.`,
    );
  if (found.header !== undefined) {
    const lines = [...found.lines];
    lines.splice(found.header + 1, 0, `${line}  ${LINE_MARK}`);
    return lines.join('\n');
  }
  const newline = before.length > 0 && !before.endsWith('\n');
  return `${before}${newline ? '\n' : ''}${block(line, newline).join('\n')}\n`;
}

/** The config without what install wrote; undefined when there is nothing of Gatehouse's in it. */
export function uninstallCodexTelemetry(text: string | undefined): string | undefined {
  if (text === undefined) return undefined;
  const found = scan(text);
  const lines = [...found.lines];
  if (found.block) {
    const { begin, end, newline } = found.block;
    const offset = (line: number) => lines.slice(0, line).reduce((sum, each) => sum + each.length + 1, 0);
    const from = offset(begin);
    const to = Math.min(offset(end + 1), text.length);
    const out = text.slice(0, from) + text.slice(to);
    // At the end of the file, the newline Gatehouse added to the person's last line goes too.
    return newline && to === text.length && out.endsWith('\n') ? out.slice(0, -1) : out;
  }
  if (found.markedLine !== undefined) {
    lines.splice(found.markedLine, 1);
    return lines.join('\n');
  }
  return undefined;
}

/** Whether the config sends Codex's logs to this console: ok, not at all, to the person's own exporter, or to an old address or token. */
export function codexTelemetryStatus(
  text: string | undefined,
  target: TelemetryTarget,
): 'ok' | 'absent' | 'theirs' | 'stale' {
  const found = scan(text ?? '');
  const ours = found.block
    ? found.lines.slice(found.block.begin, found.block.end + 1)
    : found.markedLine !== undefined
      ? [found.lines[found.markedLine]]
      : undefined;
  if (ours === undefined) return found.exporter ? 'theirs' : 'absent';
  const line = exporterLine(target);
  return ours.some((each) => each?.startsWith(line)) ? 'ok' : 'stale';
}

function block(line: string, newline: boolean): string[] {
  return [newline ? BEGIN_AFTER_NEWLINE : BEGIN, '[otel]', 'log_user_prompt = false', line, END];
}

function unlessSame(next: string, before: string): string | undefined {
  return next === before ? undefined : next;
}
