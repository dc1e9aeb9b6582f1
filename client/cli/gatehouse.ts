#!/usr/bin/env node
/**
 * The `gatehouse` command. Each subcommand is its own bundle, loaded only when named, so `gatehouse hook`
 * (spawned by Claude Code on every prompt) never pays for the console or the engine.
 */
import type { CliCommand, CliIo } from '../../common/cli';
import { EXIT_USAGE } from '../../common/cli';
import { GATEHOUSE_VERSION } from '../../common/version';

const COMMANDS: Record<string, string> = {
  serve: 'Start the console without a window, with the web console on 127.0.0.1',
  token: 'Say where the bridge token rests; show or rotate it',
  hook: 'The Claude Code or Codex command hook (stdin JSON to stdout JSON)',
  install:
    "Add Gatehouse's hooks to Claude Code, Codex, Copilot or OpenCode (install claude|codex|copilot|opencode)",
  uninstall:
    "Remove Gatehouse's hooks from Claude Code, Codex, Copilot or OpenCode (uninstall claude|codex|copilot|opencode)",
  doctor: 'Check the console, the installed hooks (doctor codex: and their trust), the token and policy',
  check: 'Evaluate one tool call against the rules and print the decision and its provenance',
  rules: 'List every rule with its source, file and effective order',
  acp: 'Run an ACP agent for an editor, racing its permission requests with the console',
};

const HELP = `Usage: gatehouse <command> [options]

The approval console for AI coding agents.

Commands:
${Object.entries(COMMANDS)
  .map(([name, text]) => `  ${name.padEnd(10)} ${text}`)
  .join('\n')}

Run "gatehouse <command> --help" for a command's options.
`;

export async function main(argv: readonly string[], io: CliIo): Promise<number> {
  const [command, ...rest] = argv;
  if (command === undefined || command === '--help' || command === '-h' || command === 'help') {
    io.stdout(HELP);
    return command === undefined ? EXIT_USAGE : 0;
  }
  if (command === '--version' || command === '-v') {
    io.stdout(`gatehouse ${GATEHOUSE_VERSION}\n`);
    return 0;
  }
  if (!Object.hasOwn(COMMANDS, command)) {
    io.stderr(`gatehouse: unknown command "${command}". Run "gatehouse --help" for the commands.\n`);
    return EXIT_USAGE;
  }
  const module = (await import(new URL(`./${command}.mjs`, import.meta.url).href)) as { run: CliCommand };
  return module.run(rest, io);
}

const io: CliIo = {
  stdout: (text) => void process.stdout.write(text),
  stderr: (text) => void process.stderr.write(text),
  env: process.env,
};

const code = await main(process.argv.slice(2), io);
// Exit once stdout has flushed: some commands leave sockets closing behind them.
process.stdout.write('', () => process.exit(code));
