/**
 * What a notification says. A title never carries the tool's input (titles show on lock screens and in
 * notification lists); the body carries a one-line summary of it, and says what pressing Approve means.
 */
import type { PendingRequestView } from '../../common/console-contract';
import { familyOf } from '../../engine';
import type { NotificationButton } from './notification-backend';

/** Characters of the tool's input a body shows; past this the request is only approved in the console. */
export const DETAIL_LIMIT = 100;
const NAME_LIMIT = 40;

export interface Notice {
  readonly title: string;
  readonly body: string;
  readonly buttons: readonly NotificationButton[];
}

export interface Line {
  readonly text: string;
  /** Nothing was cut or dropped: the line is all of the original text. */
  readonly complete: boolean;
}

/**
 * One line of at most `limit` characters. Line breaks show as ↵ so a second line cannot hide below the
 * first; control and invisible formatting characters (bidi overrides, zero-width marks) are dropped, since
 * they can make a command read differently from what runs, and dropping any makes the line incomplete.
 */
export function oneLine(text: string, limit: number): Line {
  const spaced = text.replace(/\r\n|\r|\n/g, ' ↵ ').replace(/\t/g, ' ');
  const visible = spaced.replace(/[\p{Cc}\p{Cf}]/gu, '');
  const dropped = visible.length !== spaced.length;
  const points = Array.from(visible);
  if (points.length <= limit) return { text: visible, complete: !dropped };
  return { text: `${points.slice(0, limit - 1).join('')}…`, complete: false };
}

export interface Subject {
  /** What the request wants, as a verb phrase: "run a command". */
  readonly verb: string;
  readonly detail: Line;
}

function stringField(input: Record<string, unknown>, ...names: string[]): string | undefined {
  for (const name of names) {
    const value = input[name];
    if (typeof value === 'string') return value;
  }
  return undefined;
}

/**
 * What the request wants, in words, and the one field that decides what Approve would let it do. The
 * detail is complete only when it shows all of that, which is when a one-tap Approve is allowed.
 */
export function describeRequest(view: PendingRequestView): Subject {
  const { tool, input } = view;
  const line = (text: string) => oneLine(text, DETAIL_LIMIT);
  const command = tool === 'Bash' ? stringField(input, 'command') : undefined;
  if (command !== undefined) return { verb: 'run a command', detail: line(command) };
  const path = stringField(input, 'file_path', 'notebook_path');
  if (familyOf(tool) === 'edit' && path !== undefined) {
    // The path alone is not the change: the edit itself is only shown in the console.
    return { verb: 'change a file', detail: { text: line(path).text, complete: false } };
  }
  if (tool === 'Read' && path !== undefined) return { verb: 'read a file', detail: line(path) };
  const pattern = stringField(input, 'pattern');
  if ((tool === 'Glob' || tool === 'Grep') && pattern !== undefined) {
    const where = stringField(input, 'path');
    return { verb: 'search files', detail: line(where ? `${pattern} in ${where}` : pattern) };
  }
  const url = stringField(input, 'url');
  if (tool === 'WebFetch' && url !== undefined) return { verb: 'fetch a web page', detail: line(url) };
  const query = stringField(input, 'query');
  if (tool === 'WebSearch' && query !== undefined) return { verb: 'search the web', detail: line(query) };
  return { verb: `use ${oneLine(tool, NAME_LIMIT).text}`, detail: line(JSON.stringify(input)) };
}

export function folderName(cwd: string): string {
  const parts = cwd.split(/[/\\]+/).filter(Boolean);
  return oneLine(parts.at(-1) ?? cwd, NAME_LIMIT).text;
}

/** One request's notification: Approve and Deny only when safe and when the body shows all of it. */
export function requestNotice(view: PendingRequestView, needsSecondLook: boolean): Notice {
  const { verb, detail } = describeRequest(view);
  const agent = oneLine(view.agent.name, NAME_LIMIT).text;
  const where = `in ${folderName(view.cwd)}`;
  const answerable = !needsSecondLook && detail.complete;
  const hint = answerable
    ? 'Approve answers this request only'
    : needsSecondLook
      ? 'needs a second look: open Gatehouse to review it'
      : 'open Gatehouse to see all of it';
  return {
    title: `${agent} asks to ${verb}`,
    body: `${detail.text}\n${where} · ${hint}`,
    buttons: answerable ? ['approve', 'deny'] : [],
  };
}

/** Several requests at once: one notification that counts them and only opens the console. */
export function summaryNotice(views: readonly PendingRequestView[]): Notice {
  const perAgent = new Map<string, number>();
  for (const view of views) {
    const name = oneLine(view.agent.name, NAME_LIMIT).text;
    perAgent.set(name, (perAgent.get(name) ?? 0) + 1);
  }
  const from = [...perAgent].map(([name, count]) => `${name} (${count})`).join(', ');
  const count = views.length;
  return {
    title: `${count} ${count === 1 ? 'request' : 'requests'} waiting`,
    body: `from ${oneLine(from, DETAIL_LIMIT).text}\nOpen Gatehouse to review ${count === 1 ? 'it' : 'them'}`,
    buttons: [],
  };
}
