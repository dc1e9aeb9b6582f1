/** "Edit the input, then allow": what the editor's text becomes as `updatedInput`, or why it cannot. */
export type InputDraft =
  | { readonly ok: true; readonly input: Record<string, unknown>; readonly changed: boolean }
  | { readonly ok: false; readonly problem: 'invalidJson'; readonly detail: string }
  | { readonly ok: false; readonly problem: 'notObject' };

/** The editor's starting text: the command alone for Bash, the whole input as JSON otherwise. */
export function initialDraft(input: Readonly<Record<string, unknown>>, asCommand: boolean): string {
  return asCommand ? String(input.command ?? '') : JSON.stringify(input, null, 2);
}

export function readDraft(
  text: string,
  original: Readonly<Record<string, unknown>>,
  asCommand: boolean,
): InputDraft {
  if (asCommand) {
    return { ok: true, input: { ...original, command: text }, changed: text !== original.command };
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { ok: false, problem: 'invalidJson', detail: (error as Error).message };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { ok: false, problem: 'notObject' };
  }
  const input = value as Record<string, unknown>;
  return { ok: true, input, changed: JSON.stringify(input) !== JSON.stringify(original) };
}
