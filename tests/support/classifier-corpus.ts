/**
 * The danger corpus as each agent family would send it to the classifier, and every configuration a person
 * can choose: what the classifier's corpus test and its bench share.
 */
import {
  classifierClasses,
  classifierConfidences,
  classifierFamilies,
  ClassifierSettingsSchema,
} from '../../common/classifier-contract';
import type { ClassifierClass, ClassifierFamily, ClassifierSettings } from '../../common/classifier-contract';
import type { AgentInfo, PermissionRequest } from '../../common/protocol';
import type { Call } from './danger-corpus';

export const FAMILY_AGENTS: Readonly<Record<ClassifierFamily, AgentInfo>> = {
  codex: { name: 'codex', version: '0.169.0' },
  acp: { name: 'claude-agent-acp', version: '0.23.1' },
  sdk: { name: 'nightly-bot', version: '1.0.0' },
  'claude-code': { name: 'claude-code', version: '2.1.328' },
};

/**
 * The call as the family's agent would ask for it; an ACP agent describes it in ACP's terms (`gatehouse
 * acp`'s request: kind, raw input, locations, diffs). Undefined for a call an ACP agent has no kind for.
 */
export function requestFor(call: Call, family: ClassifierFamily): PermissionRequest | undefined {
  const base = {
    type: 'permission.request' as const,
    id: `${family}-${call.id}`,
    sessionId: `corpus-${family}`,
    cwd: call.cwd,
    mode: 'default' as const,
  };
  if (family !== 'acp') return { ...base, tool: call.tool, input: call.input };
  const input = acpInput(call);
  return input && { ...base, tool: call.tool, input, provenance: { type: 'acp' } };
}

function acpInput(call: Call): Record<string, unknown> | undefined {
  const { input } = call;
  const path = [input.file_path, input.notebook_path, input.path].find((each) => typeof each === 'string');
  if (call.tool === 'Bash' && typeof input.command === 'string')
    return { kind: 'execute', rawInput: { command: input.command }, content: [], locations: [] };
  if (['Read', 'Grep', 'Glob'].includes(call.tool))
    return {
      kind: call.tool === 'Read' ? 'read' : 'search',
      rawInput: input,
      locations: path ? [{ path }] : [],
    };
  if (['Write', 'Edit', 'MultiEdit', 'NotebookEdit'].includes(call.tool) && typeof path === 'string') {
    const newText = [input.content, input.new_string, input.new_source].find(
      (each) => typeof each === 'string',
    );
    return {
      kind: 'edit',
      rawInput: input,
      content: [{ type: 'diff', path, oldText: null, newText: newText ?? '' }],
      locations: [{ path }],
    };
  }
  return undefined;
}

/** Every subset of the classes. */
export function classSets(): ClassifierClass[][] {
  return Array.from({ length: 2 ** classifierClasses.length }, (_, mask) =>
    classifierClasses.filter((_, bit) => mask & (1 << bit)),
  );
}

/** Every configuration a person can choose that bears on what is allowed: classes × confidence, every family on. */
export function everySetting(): ClassifierSettings[] {
  const families = Object.fromEntries(classifierFamilies.map((family) => [family, true]));
  return classSets().flatMap((classes) =>
    classifierConfidences.map((confidence) =>
      ClassifierSettingsSchema.parse({ families, classes, confidence }),
    ),
  );
}
