/**
 * Why the GitHub Copilot CLI asked, for its card: the permission kind the call needs and whether an
 * approval saved for the session's folder in Copilot's permissions-config.json covers it (docs/copilot.md).
 * The hook already let through what COPILOT_ALLOW_ALL or a saved approval allows, so a card usually
 * means none did; one that matched here is a compound command Copilot's own parser may still allow.
 */
import { join } from 'node:path';
import {
  approvalCovers,
  copilotKindOf,
  describeApproval,
  savedApprovalsFor,
} from '../../common/copilot-approvals';
import type { CopilotWhy } from '../../common/queue-contract';
import type { PermissionRequest } from '../../common/protocol';
import { readBoundedSettings } from '../../files/read-bounded';

export function createCopilotWhy(options: { readonly copilotHome: string }) {
  const permissionsFile = join(options.copilotHome, 'permissions-config.json');
  return async function copilotWhy(request: PermissionRequest): Promise<CopilotWhy> {
    const kind = copilotKindOf(request.tool);
    const read = await readBoundedSettings(permissionsFile);
    if (read.kind === 'refused')
      return { kind, permissionsFile, saved: { state: 'unreadable', detail: `refused: ${read.reason}` } };
    let config: unknown;
    try {
      config = read.kind === 'text' ? JSON.parse(read.text) : undefined;
    } catch (error) {
      return { kind, permissionsFile, saved: { state: 'unreadable', detail: (error as Error).message } };
    }
    const approvals = savedApprovalsFor(config, request.cwd) ?? [];
    const covering = approvals.filter((approval) => approvalCovers(approval, request.tool, request.input));
    return {
      kind,
      permissionsFile,
      saved: covering.length
        ? { state: 'matched', approvals: covering.map(describeApproval) }
        : { state: 'none', approvals: approvals.map(describeApproval) },
    };
  };
}

export type CopilotWhyExplainer = ReturnType<typeof createCopilotWhy>;
