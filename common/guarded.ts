/**
 * Runs a timer's or callback's work so that a throw is reported, never raised: an uncaught throw in a timer
 * ends the whole console, with every pending request in it.
 */
export function guarded(
  what: string,
  work: () => void,
  report: (line: string) => void = console.error,
): void {
  try {
    work();
  } catch (error) {
    report(
      `Gatehouse: ${what} failed and was skipped: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}
