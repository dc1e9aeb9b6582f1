/**
 * An ACP tool call as `gatehouse acp` puts it on the wire (client/acp/permission-call.ts): the agent's
 * `kind`, `content`, `locations` and `rawInput` under ACP's own names. Read back here, field by field,
 * because every field is the agent's to fill: anything of the wrong shape is left out, never guessed.
 */

/** The provenance type `gatehouse acp` sets: the agent asked its editor through ACP. */
export const ACP_PROVENANCE = 'acp';

export interface AcpDiff {
  readonly path: string;
  /** Null for a file the call creates. */
  readonly oldText: string | null;
  readonly newText: string;
}

export interface AcpLocation {
  readonly path: string;
  readonly line?: number;
}

export interface AcpCall {
  /** ACP's tool kind: read, edit, delete, move, search, execute, think, fetch, switch_mode, other. */
  readonly kind?: string;
  /** The command an `execute` call runs, when its raw input says it. */
  readonly command?: string;
  readonly description?: string;
  readonly diffs: readonly AcpDiff[];
  readonly locations: readonly AcpLocation[];
  /** Text blocks of its content: what the agent says about the call. */
  readonly texts: readonly string[];
  /** How many terminals its content embeds; ACP names them by id only, so there is nothing more to show. */
  readonly terminals: number;
  readonly rawInput?: unknown;
}

interface RequestLike {
  readonly input: Readonly<Record<string, unknown>>;
  readonly provenance?: { readonly type: string } | undefined;
}

export function isAcpRequest(request: RequestLike): boolean {
  return request.provenance?.type === ACP_PROVENANCE;
}

/** The call's parts, or undefined for a request that did not come through `gatehouse acp`. */
export function acpCallOf(request: RequestLike): AcpCall | undefined {
  if (!isAcpRequest(request)) return undefined;
  const { input } = request;
  const kind = typeof input.kind === 'string' ? input.kind : undefined;
  const raw = isRecord(input.rawInput) ? input.rawInput : {};
  const command = kind === 'execute' ? commandOf(raw.command) : undefined;
  const diffs: AcpDiff[] = [];
  const texts: string[] = [];
  let terminals = 0;
  for (const item of Array.isArray(input.content) ? input.content : []) {
    if (!isRecord(item)) continue;
    if (item.type === 'diff' && typeof item.path === 'string' && typeof item.newText === 'string') {
      const oldText = typeof item.oldText === 'string' ? item.oldText : null;
      diffs.push({ path: item.path, oldText, newText: item.newText });
    } else if (item.type === 'terminal') {
      terminals += 1;
    } else if (item.type === 'content' && isRecord(item.content) && item.content.type === 'text') {
      const text = item.content.text;
      if (typeof text === 'string' && text.trim() && text.trim() !== command) texts.push(text);
    }
  }
  const locations: AcpLocation[] = [];
  for (const item of Array.isArray(input.locations) ? input.locations : []) {
    if (!isRecord(item) || typeof item.path !== 'string' || !item.path) continue;
    const line =
      Number.isInteger(item.line) && (item.line as number) >= 0 ? (item.line as number) : undefined;
    locations.push(line === undefined ? { path: item.path } : { path: item.path, line });
  }
  return {
    ...(kind ? { kind } : {}),
    ...(command ? { command } : {}),
    ...(command && typeof raw.description === 'string' ? { description: raw.description } : {}),
    diffs,
    locations,
    texts,
    terminals,
    ...('rawInput' in input ? { rawInput: input.rawInput } : {}),
  };
}

/** A shell string (Claude's and Gemini's agents), or an argv (Codex's), quoted so it reads as typed. */
function commandOf(value: unknown): string | undefined {
  if (typeof value === 'string') return value.trim() ? value : undefined;
  if (Array.isArray(value) && value.length > 0 && value.every((word) => typeof word === 'string'))
    return value.map(shellWord).join(' ');
  return undefined;
}

function shellWord(word: string): string {
  return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replaceAll("'", "'\\''")}'`;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The lines a diff changes, without the lines it leaves alone at either end: what history shows of an ACP
 * edit, whose diff carries the whole file before and after.
 */
export function changedPart(diff: AcpDiff): { readonly removed: string; readonly added: string } {
  const before = diff.oldText === null || diff.oldText === '' ? [] : diff.oldText.split('\n');
  const after = diff.newText === '' ? [] : diff.newText.split('\n');
  let start = 0;
  while (start < before.length && start < after.length && before[start] === after[start]) start += 1;
  let end = 0;
  while (
    end < before.length - start &&
    end < after.length - start &&
    before[before.length - 1 - end] === after[after.length - 1 - end]
  )
    end += 1;
  return {
    removed: before.slice(start, before.length - end).join('\n'),
    added: after.slice(start, after.length - end).join('\n'),
  };
}
