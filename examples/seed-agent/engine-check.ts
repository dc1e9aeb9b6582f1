/**
 * Step one of the pipeline: the permission engine decides allow, deny or ask from the settings files
 * (the agent profile's `.agent/` layout), the mode and the tool's own check. Only an ask reaches the race.
 */
import { checkPermission, createPermissionContext } from '../../engine';
import type { Decision, DecisionReason, PermissionMode } from '../../engine';
import { loadInstalledBashSupport, loadSettings, resolveRealPath } from '../../engine/node';
import type { PermissionRequest } from '../../common/protocol';
import { readBoundedSettings } from '../../files/read-bounded';

export interface EngineInput {
  readonly tool: string;
  readonly input: Readonly<Record<string, unknown>>;
  readonly cwd: string;
  readonly home: string;
  readonly mode?: PermissionMode;
}

export async function checkWithEngine({ tool, input, cwd, home, mode }: EngineInput): Promise<Decision> {
  const [settings, bash] = await Promise.all([
    loadSettings({ profile: 'agent', cwd, home }, readBoundedSettings),
    loadInstalledBashSupport(),
  ]);
  const context = createPermissionContext({ cwd, home, settings, ...(mode ? { mode } : {}) });
  return checkPermission(
    context,
    { toolName: tool, input },
    {
      deps: {
        bash,
        realpath: resolveRealPath,
      },
    },
  );
}

type Provenance = NonNullable<PermissionRequest['provenance']>;

/** Why the engine asked, in the protocol's shape, so the console can show the rule and its file. */
export function provenanceOf(reason: DecisionReason): Provenance {
  switch (reason.type) {
    case 'rule':
      return {
        type: 'rule',
        source: reason.rule.source,
        rule: reason.rule.text,
        ...(reason.rule.file ? { file: reason.rule.file } : {}),
        message: reason.message,
      };
    case 'safetyCheck':
      return { type: 'safetyCheck', path: reason.path, message: reason.message };
    default:
      return { type: reason.type, message: reason.message };
  }
}
