import type { vi } from 'vitest';

/**
 * Resolves after the registry's next group commit: decisions are claimed at once but recorded and sent on
 * the following turn of the event loop, with every other decision of that turn.
 */
export const committed = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/** Fake timers that leave `setImmediate` real, so `committed()` still runs the group commit. */
export const CLOCK_ONLY: NonNullable<Parameters<typeof vi.useFakeTimers>[0]> = {
  toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'],
};
