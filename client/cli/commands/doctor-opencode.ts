/** `gatehouse doctor opencode`'s own check: where Gatehouse's OpenCode plugin is, and whether it is current. */
import type { CliIo } from '../../../common/cli';
import { hookFileState } from '../../../files/hook-copy';
import {
  OPENCODE_SCOPES,
  opencodePluginPath,
  PLUGIN_BANNER,
  shippedPlugin,
} from '../../opencode/opencode-install';
import type { TargetFlags } from '../../config-files/target-flags';
import type { Check } from './doctor-check';

export function opencodePluginCheck(
  values: Pick<TargetFlags, 'cwd' | 'home'>,
  env: CliIo['env'],
  shipped: string = shippedPlugin(),
): Check[] {
  const found = OPENCODE_SCOPES.map((scope) => {
    const path = opencodePluginPath(scope, values, env);
    return { scope, path, state: hookFileState(path, shipped, PLUGIN_BANNER) };
  }).filter((each) => each.state !== 'missing');
  if (!found.length)
    return [
      {
        ok: false,
        name: 'opencode plugin',
        text: 'not installed in any scope',
        next: 'run "gatehouse install opencode"',
      },
    ];
  return found.map(({ scope, path, state }): Check => {
    const name = 'opencode plugin';
    if (state === 'current') return { ok: true, name, text: `installed in ${scope} scope (${path})` };
    if (state === 'stale')
      return {
        ok: false,
        name,
        text: `${path} is an older Gatehouse plugin`,
        next: `run "gatehouse install opencode${scope === 'project' ? ' --scope project' : ''}"`,
      };
    return {
      ok: false,
      name,
      text: `${path} is not Gatehouse's plugin`,
      next: 'move it away and install again',
    };
  });
}
