/**
 * Where the console announces itself, and what it writes there. Pure: callers pass in the environment and
 * platform facts, so the same rules serve the main process, the hook and the SDK.
 */
import { z } from 'zod';

export const DISCOVERY_FILE = 'bridge.json';

export const DiscoveryFileSchema = z.object({
  protocol: z.number().int().positive(),
  port: z.number().int().min(1).max(65_535),
  pid: z.number().int().positive(),
  token: z.string().min(16),
});
export type DiscoveryFile = z.infer<typeof DiscoveryFileSchema>;

export interface PlatformFacts {
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly platform: string;
  readonly homedir: string;
}

/** `$GATEHOUSE_HOME`, else the platform's per-user application folder. */
export function gatehouseHome({ env, platform, homedir }: PlatformFacts): string {
  const explicit = env.GATEHOUSE_HOME;
  if (explicit) return explicit;
  if (platform === 'darwin') return `${homedir}/Library/Application Support/Gatehouse`;
  if (platform === 'win32') return `${env.APPDATA ?? `${homedir}\\AppData\\Roaming`}\\Gatehouse`;
  return `${env.XDG_CONFIG_HOME || `${homedir}/.config`}/gatehouse`;
}
