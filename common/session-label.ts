/**
 * Session ids short enough to read and still tell apart. A UUIDv7 (Codex's ids) begins with a timestamp,
 * so two sessions started the same minute share their head: its random tail is what differs. Any other id
 * is shortened as git shortens a hash, from its head. Each id keeps the same short form wherever it is
 * shown, unless another id shown beside it reads the same: then both grow until they differ.
 */
const SHORT = 8;
const UUID_V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function cut(id: string, length: number): string {
  if (length >= id.length) return id;
  return UUID_V7.test(id) ? id.slice(-length) : id.slice(0, length);
}

/** One session id shortened on its own: the form it has wherever no other shown id reads alike. */
export function shortSessionId(id: string): string {
  return cut(id, SHORT);
}

/** Each of the ids shown together, shortened as little as keeps every one of them distinct. */
export function shortSessionIds(ids: Iterable<string>): Map<string, string> {
  const unique = [...new Set(ids)];
  const labels = new Map(unique.map((id) => [id, cut(id, SHORT)]));
  for (let length = SHORT + 1; ; length++) {
    const byLabel = new Map<string, string[]>();
    for (const id of unique) {
      const label = labels.get(id)!;
      byLabel.set(label, [...(byLabel.get(label) ?? []), id]);
    }
    const clashing = [...byLabel.values()].filter((same) => same.length > 1).flat();
    const growable = clashing.filter((id) => length - 1 < id.length);
    if (growable.length === 0) return labels;
    for (const id of growable) labels.set(id, cut(id, length));
  }
}
