/** Builders for history tests: one well-formed request and decision, with any field overridden. */
import type { PermissionDecision, PermissionRequest } from '../../../common/protocol';
import { requestFingerprint } from '../request-fingerprint';
import type { DecisionToRecord } from '../types';

export function sampleRequest(overrides: Partial<PermissionRequest> = {}): PermissionRequest {
  return {
    type: 'permission.request',
    id: 'req-1',
    sessionId: 'session-1',
    cwd: '/home/dev/project',
    tool: 'Bash',
    input: { command: 'npm run test -- --watch=false', description: 'Run the tests' },
    mode: 'default',
    ...overrides,
  };
}

export function sampleEntry(
  request: PermissionRequest = sampleRequest(),
  decision: Partial<PermissionDecision> = {},
  extra: Partial<
    Pick<DecisionToRecord, 'agent' | 'receivedAt' | 'decidedAt' | 'channel' | 'ruleWritten' | 'ended'>
  > = {},
): DecisionToRecord {
  return {
    request,
    agent: { name: 'claude-code', version: '2.0.14' },
    fingerprint: requestFingerprint(request),
    decision: { type: 'permission.decision', id: request.id, behavior: 'allow', by: 'console', ...decision },
    receivedAt: 1_000,
    decidedAt: 1_250,
    ...extra,
  };
}
