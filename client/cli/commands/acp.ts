/**
 * `gatehouse acp -- <agent command> [args…]`: the ACP permission-racing proxy (client/acp/proxy.ts). The
 * editor runs this in place of the agent; stdout is the editor's protocol stream, so everything the proxy
 * has to say goes to stderr, which editors keep in their agent log.
 */
import { EXIT_USAGE, UsageError, usageError } from '../../../common/cli';
import type { CliIo } from '../../../common/cli';
import { parseFlags } from '../../../files/cli-flags';
import { runAcpProxy } from '../../acp/proxy';

const HELP = `Usage: gatehouse acp -- <agent command> [args...]

Starts an Agent Client Protocol agent and stands between it and the editor: every message passes through
unchanged, and each permission request the agent asks the editor also becomes a card in the console.
Whichever answers first, the editor or the console, reaches the agent; the other is withdrawn. Without a
running console it is a plain pipe. It exits with the agent's exit code.

Example (Zed's agent_servers): "command": "gatehouse", "args": ["acp", "--", "claude-agent-acp"]

Environment:
  GATEHOUSE_URL, GATEHOUSE_TOKEN, GATEHOUSE_HOME   Where the console is (see docs/protocol.md)
`;

type Parsed = 'help' | { readonly command: string; readonly args: readonly string[] };

export function parseAcpArgs(argv: readonly string[]): Parsed {
  const split = argv.indexOf('--');
  const own = split === -1 ? argv : argv.slice(0, split);
  const { values } = parseFlags(own, { help: { type: 'boolean', short: 'h' } });
  if (values.help) return 'help';
  const [command, ...args] = split === -1 ? [] : argv.slice(split + 1);
  if (!command) throw new UsageError('name the agent after "--", as in gatehouse acp -- claude-agent-acp');
  return { command, args };
}

export async function run(argv: readonly string[], io: CliIo): Promise<number> {
  let parsed: Parsed;
  try {
    parsed = parseAcpArgs(argv);
  } catch (error) {
    io.stderr(usageError('acp', error));
    return EXIT_USAGE;
  }
  if (parsed === 'help') {
    io.stdout(HELP);
    return 0;
  }
  return runAcpProxy({
    ...parsed,
    editorIn: process.stdin,
    editorOut: process.stdout,
    log: (sentence) => io.stderr(`gatehouse acp: ${sentence}\n`),
    env: io.env,
    cwd: process.cwd(),
  });
}
