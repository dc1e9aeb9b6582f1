import { createHash } from 'node:crypto';
import type { PermissionRequest } from '../../common/protocol';

/** JSON with object keys sorted, so two equal inputs always serialise alike. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** What makes two requests with the same id the same request: a re-send, not a collision. */
export function requestFingerprint(request: Pick<PermissionRequest, 'sessionId' | 'tool' | 'input'>): string {
  return createHash('sha256')
    .update(canonicalJson({ sessionId: request.sessionId, tool: request.tool, input: request.input }))
    .digest('hex');
}
