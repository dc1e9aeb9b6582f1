/** A context that cannot be built: an invalid rule (naming its file), a locked source, a disabled mode. */
export class PermissionContextError extends Error {
  override readonly name = 'PermissionContextError';
}
