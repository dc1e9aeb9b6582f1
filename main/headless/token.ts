/**
 * `gatehouse token`: where the bridge token rests, the token itself on request (for GATEHOUSE_TOKEN in a
 * container or over SSH), and rotation. A running console keeps the token it started with until it restarts.
 */
import { homedir } from 'node:os';
import { EXIT_USAGE, usageError } from '../../common/cli';
import type { CliIo } from '../../common/cli';
import { gatehouseHome } from '../../common/discovery';
import { parseFlags } from '../../files/cli-flags';
import { preparePrivateHome } from '../../files/private-home';
import { loadOrCreateToken, rotateToken } from '../secrets/token-store';
import type { StoredToken } from '../secrets/token-store';

const HELP = `Usage: gatehouse token [options]

Says where the bridge token rests (the OS keychain, or a 0600 file when no keychain answers).

Options:
  --show        Print the token itself, for GATEHOUSE_TOKEN where bridge.json cannot be read
  --rotate      Replace the token with a new one; agents then need the new token
  --home DIR    Gatehouse's folder (default: $GATEHOUSE_HOME or the per-user app folder)
  -h, --help    Show this help
`;

function where(stored: StoredToken): string {
  return stored.storage === 'keychain' ? 'the OS keychain' : stored.path;
}

export async function runToken(argv: readonly string[], io: CliIo): Promise<number> {
  let values;
  try {
    ({ values } = parseFlags(argv, {
      show: { type: 'boolean' },
      rotate: { type: 'boolean' },
      home: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    }));
  } catch (error) {
    io.stderr(usageError('token', error));
    return EXIT_USAGE;
  }
  if (values.help) {
    io.stdout(HELP);
    return 0;
  }
  const home = values.home ?? gatehouseHome({ env: io.env, platform: process.platform, homedir: homedir() });
  try {
    await preparePrivateHome(home);
  } catch (error) {
    io.stderr(`gatehouse token: ${(error as Error).message}\n`);
    return 1;
  }
  const stored = values.rotate ? await rotateToken(home) : await loadOrCreateToken(home);
  if (stored.storage === 'file') io.stderr(`gatehouse token: ${stored.warning}\n`);
  if (values.show) {
    io.stdout(`${stored.token}\n`);
    return 0;
  }
  io.stdout(
    values.rotate
      ? `A new bridge token is stored in ${where(stored)}. Restart the console to use it; agents that read bridge.json pick it up then, others need the new GATEHOUSE_TOKEN.\n`
      : `The bridge token is stored in ${where(stored)}. Print it with --show, replace it with --rotate.\n`,
  );
  return 0;
}

export { runToken as run };
