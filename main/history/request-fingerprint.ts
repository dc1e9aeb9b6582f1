import { createHash } from 'node:crypto';
import { canonicalJson } from '../../common/canonical-json';
import type { PermissionRequest } from '../../common/protocol';

/** What makes two requests with the same id the same request: a re-send, not a collision. */
export function requestFingerprint(request: Pick<PermissionRequest, 'sessionId' | 'tool' | 'input'>): string {
  return createHash('sha256')
    .update(canonicalJson({ sessionId: request.sessionId, tool: request.tool, input: request.input }))
    .digest('hex');
}
