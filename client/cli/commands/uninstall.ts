/**
 * `gatehouse uninstall claude|codex|copilot|opencode`: removes exactly the hooks (or, for OpenCode, the
 * plugin file) `gatehouse install` added.
 */
import { EXIT_USAGE, usageError } from '../../../common/cli';
import type { CliIo } from '../../../common/cli';
import { settingsOf, uninstallHooks } from '../../claude/merge-hooks';
import { claudeTarget, TARGET_OPTIONS } from '../../claude/target-args';
import { hooksFileOf, uninstallCodexHooks } from '../../codex/codex-hooks';
import { codexTarget, CODEX_TARGET_OPTIONS } from '../../codex/codex-target';
import { applyChange } from '../../config-files/apply-change';
import type { SettingsEdit } from '../../config-files/change-settings';
import { copilotHookFileOf, uninstallCopilotHook } from '../../copilot/copilot-hooks';
import { copilotTarget, COPILOT_TARGET_OPTIONS } from '../../copilot/copilot-target';
import { parseTargetFlags } from '../../config-files/target-flags';
import type { TargetArgs } from '../../config-files/target-flags';
import { uninstallAgentTelemetry } from './telemetry-steps';
import {
  OPENCODE_TARGET_OPTIONS,
  opencodeTarget,
  uninstallOpenCodePlugin,
} from '../../opencode/opencode-install';

const HELP = `Usage: gatehouse uninstall claude|codex|copilot|opencode [options]

Removes Gatehouse's hooks from a Claude Code settings file, a Codex hooks.json or a GitHub Copilot CLI hook
config, and the matcher groups and event entries left empty by that, and the telemetry settings install added
(Claude Code's env keys in the user settings, Codex's [otel] exporter in config.toml). Every other setting and
hook stays as it is; a backup is written next to each file first. For OpenCode it removes Gatehouse's plugin
file, and leaves a file of that name that is not Gatehouse's.

Claude Code ${TARGET_OPTIONS}
Codex ${CODEX_TARGET_OPTIONS}
Copilot ${COPILOT_TARGET_OPTIONS}
OpenCode ${OPENCODE_TARGET_OPTIONS}`;

export async function runUninstall(argv: readonly string[], io: CliIo): Promise<number> {
  let args: TargetArgs;
  try {
    args = parseTargetFlags(argv);
    if (args.help) {
      io.stdout(HELP);
      return 0;
    }
    if (args.agent === 'opencode')
      return await uninstallOpenCodePlugin(opencodeTarget(args.flags, io.env), io);
    let target;
    let edit: SettingsEdit;
    if (args.agent === 'codex') {
      target = codexTarget(args.flags, io.env);
      edit = { read: hooksFileOf, transform: uninstallCodexHooks };
    } else if (args.agent === 'copilot') {
      const copilot = copilotTarget(args.flags, io.env);
      target = copilot;
      edit = {
        read: (text) => copilotHookFileOf(text, copilot.scope === 'project'),
        transform: uninstallCopilotHook,
      };
    } else {
      target = claudeTarget(args.flags, io.env);
      edit = { read: settingsOf, transform: uninstallHooks };
    }
    const code = await applyChange('uninstall', target, io, edit, {
      unchanged: `Gatehouse's hooks are not in ${target.path}; nothing changed.\n`,
      done: `Removed Gatehouse's hooks from ${target.path} (${target.scope} scope).\n`,
    });
    // Copilot exports no telemetry Gatehouse reads; Claude Code's and Codex's export goes with their hooks.
    if (code !== 0 || args.agent === 'copilot') return code;
    return uninstallAgentTelemetry(args.agent === 'codex' ? 'codex' : 'claude', args.flags, io);
  } catch (error) {
    io.stderr(usageError('uninstall', error));
    return EXIT_USAGE;
  }
}

export { runUninstall as run };
