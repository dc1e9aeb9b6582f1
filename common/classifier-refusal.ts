/**
 * A call the agent's own classifier refused, brought to the console so a person may overturn it (Claude
 * Code's PermissionDenied hook, docs/claude-code.md). It travels as a permission request whose provenance
 * says so, with the classifier's reason as its message: history keeps both with the request, and the card
 * offers only "Allow and let it retry" and "Leave it refused". Plain code: the hook bundle loads it.
 */

/** The provenance type of such a request. */
export const REFUSAL_PROVENANCE = 'classifier-refusal';

/** How long the card waits for a person by default before the refusal stands. */
export const REFUSAL_WAIT_MS = 60_000;

interface RequestLike {
  readonly provenance?: { readonly type: string } | undefined;
}

export function isClassifierRefusal(request: RequestLike): boolean {
  return request.provenance?.type === REFUSAL_PROVENANCE;
}
