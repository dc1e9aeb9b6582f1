/**
 * The few checks the hook's hand-written validators share. The hook validates by hand instead of with zod
 * because Claude Code spawns it for every prompt and loading zod would double its start-up time.
 */
export type JsonObject = Record<string, unknown>;

export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function isText(value: unknown, min: number, max: number): value is string {
  return typeof value === 'string' && value.length >= min && value.length <= max;
}

export function isTextArray(value: unknown, maxItems: number, maxLength: number): value is string[] {
  return (
    Array.isArray(value) && value.length <= maxItems && value.every((item) => isText(item, 0, maxLength))
  );
}

export function isOneOf<T extends string>(value: unknown, options: readonly T[]): value is T {
  return typeof value === 'string' && (options as readonly string[]).includes(value);
}
