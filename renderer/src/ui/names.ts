/** Short names for what a card shows: a project folder, a session, a path inside the project. */
export function folderName(cwd: string): string {
  return cwd.split(/[\\/]/).filter(Boolean).pop() ?? cwd;
}

/** A Codex turn id is a UUIDv7: its head is a timestamp shared with its session, so its tail tells turns apart. */
export function shortTurnId(id: string): string {
  return id.slice(-8);
}

/** A path inside the project as `./relative`, anything else as it is. */
export function displayPath(path: string, cwd: string): string {
  const base = cwd.endsWith('/') || cwd.endsWith('\\') ? cwd : `${cwd}/`;
  return path.startsWith(base) && path.length > base.length ? `./${path.slice(base.length)}` : path;
}
