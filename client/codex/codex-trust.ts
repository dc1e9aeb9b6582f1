/**
 * What Codex's config.toml records about trust (docs/codex.md, Install and trust): a hook runs only when
 * `[hooks.state."<hooks.json>:<event>:<group>:<handler>"]` holds a `trusted_hash` equal to the hash of the
 * handler as it is now, and project hooks load only when `[projects."<dir>"] trust_level = "trusted"`.
 * Gatehouse reads the records; it cannot recompute Codex's hash, so it says so rather than guessing.
 */
import type { CodexHookEvent } from '../hook/codex-events';

/** `PermissionRequest` → `permission_request`, as Codex spells events in its trust keys. */
function snakeCase(name: string): string {
  return name.replace(/(?<!^)([A-Z])/g, '_$1').toLowerCase();
}

export function trustKey(hooksFile: string, event: CodexHookEvent, group: number, index: number): string {
  return `${hooksFile}:${snakeCase(event.name)}:${group}:${index}`;
}

/** A TOML basic string's content, with the escapes a path can carry. */
function unescape(text: string): string {
  return text.replace(/\\(["\\])/g, '$1');
}

const STRING = String.raw`"((?:[^"\\]|\\.)*)"`;
const TABLE = new RegExp(String.raw`^\s*\[\s*(.+?)\s*\]\s*(?:#.*)?$`);

/**
 * The string values of `field` in every table `[<prefix>."<key>"]`, by key. A line scanner rather than
 * a TOML parser: Codex writes these tables itself, one per key, and the app takes no TOML dependency.
 */
export function tableStrings(configText: string, prefix: string, field: string): Map<string, string> {
  const found = new Map<string, string>();
  const header = new RegExp(String.raw`^${prefix.replace(/\./g, String.raw`\s*\.\s*`)}\s*\.\s*${STRING}$`);
  const assignment = new RegExp(String.raw`^\s*${field}\s*=\s*${STRING}\s*(?:#.*)?$`);
  let key: string | undefined;
  for (const line of configText.split(/\r?\n/)) {
    const table = TABLE.exec(line);
    if (table) {
      const match = header.exec(table[1]!);
      key = match ? unescape(match[1]!) : undefined;
      continue;
    }
    const value = key === undefined ? undefined : assignment.exec(line);
    if (key !== undefined && value) found.set(key, unescape(value[1]!));
  }
  return found;
}

export function trustedHashes(configText: string): Map<string, string> {
  return tableStrings(configText, 'hooks.state', 'trusted_hash');
}

export function projectTrust(configText: string): Map<string, string> {
  return tableStrings(configText, 'projects', 'trust_level');
}

/** Whether Codex trusts the project it starts in, and the folder that trust is recorded under. */
export interface ProjectTrust {
  /**
   * Where Codex records the trust: the Git repository's root for a folder inside one (its "Trust this
   * folder?" says "Trusting will apply to the repository root"), else the folder itself.
   */
  readonly folder: string;
  /** `undefined`: no record, so Codex asks at its next start there. */
  readonly level: 'trusted' | 'untrusted' | undefined;
}

/** A record for the folder itself counts first, then the repository root's (checked on Codex 0.169). */
export function projectTrustOf(configText: string, cwd: string, gitRoot: string | undefined): ProjectTrust {
  const records = projectTrust(configText);
  const folder = gitRoot ?? cwd;
  const level = records.get(cwd) ?? records.get(folder);
  return { folder, level: level === 'trusted' || level === 'untrusted' ? level : undefined };
}
