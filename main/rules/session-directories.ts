/**
 * The working directories a session gained while it ran: the person accepted Claude Code's own
 * "add this directory for this session" suggestion at the console. Claude Code counts them from then on, so
 * the console's explanation must too, or a later card would still call a path inside them "outside".
 * Kept in memory, scoped like a grant (session id, folder, agent), the oldest sessions forgotten first.
 */
import type { PermissionUpdate } from '../../common/protocol';
import type { GrantScope } from './grant-book';

type SessionScope = Pick<GrantScope, 'sessionId' | 'cwd' | 'agent'>;

/** Sessions remembered at once; the oldest is forgotten first. */
const SESSIONS_MAX = 1_000;

/** The directories an accepted answer adds to its session (destination `session`); the others persist in files. */
export function sessionDirectoriesOf(updates: readonly PermissionUpdate[] | undefined): string[] {
  return (updates ?? []).flatMap((update) =>
    update.type === 'addDirectories' && update.destination === 'session' ? update.directories : [],
  );
}

function keyOf(scope: SessionScope): string {
  return `${scope.agent}\0${scope.sessionId}\0${scope.cwd}`;
}

export class SessionDirectories {
  private readonly sessions = new Map<string, string[]>();

  add(scope: SessionScope, directories: readonly string[]): void {
    if (!directories.length) return;
    const key = keyOf(scope);
    const known = this.sessions.get(key) ?? [];
    this.sessions.delete(key);
    this.sessions.set(key, [...new Set([...known, ...directories])]);
    if (this.sessions.size > SESSIONS_MAX) this.sessions.delete(this.sessions.keys().next().value as string);
  }

  of(scope: SessionScope): readonly string[] {
    return this.sessions.get(keyOf(scope)) ?? [];
  }
}
