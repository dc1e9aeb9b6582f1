/**
 * How large a tool input may be, shared by the bridge (common/protocol.ts) and the hook (client/hook), so the
 * console never refuses what the hook sends. Plain code, no zod: the hook imports it.
 */
export const INPUT_LIMITS = {
  /** Nesting of objects and arrays: half SQLite's JSON depth limit (1,000), where history would refuse it. */
  depth: 500,
  /** Keys and items in all: room for any real tool call, far below what stalls the console's event loop. */
  entries: 100_000,
} as const;

/** One sentence saying why `value` is too deep or too large for a tool input, or undefined when it fits. */
export function inputShapeProblem(value: unknown): string | undefined {
  // Made only when needed: toLocaleString starts ICU, about 28 ms of every hook spawn (bench/hook).
  const tooLarge = () =>
    `the tool input has more than ${INPUT_LIMITS.entries.toLocaleString('en')} keys and items; send a smaller input or ask in the agent's own dialog`;
  // Iterative, so any depth is safe; it stops at the first entry over the limit rather than listing them all.
  const stack: Array<readonly [unknown, number]> = [[value, 0]];
  let entries = 0;
  for (let next = stack.pop(); next; next = stack.pop()) {
    const [item, depth] = next;
    if (typeof item !== 'object' || item === null) continue;
    if (depth >= INPUT_LIMITS.depth)
      return `the tool input is nested more than ${INPUT_LIMITS.depth} levels deep; send a flatter input or ask in the agent's own dialog`;
    if (Array.isArray(item)) {
      entries += item.length;
      if (entries > INPUT_LIMITS.entries) return tooLarge();
      for (const child of item) stack.push([child, depth + 1]);
      continue;
    }
    for (const key in item) {
      if (++entries > INPUT_LIMITS.entries) return tooLarge();
      stack.push([(item as Record<string, unknown>)[key], depth + 1]);
    }
  }
  return undefined;
}
