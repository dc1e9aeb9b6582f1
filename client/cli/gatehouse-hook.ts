/**
 * The file Claude Code runs for every hook: `node gatehouse-hook.cjs hook <event>`, the same words as
 * `gatehouse hook <event>`. A self-running CommonJS file starts measurably faster than the ESM dispatcher
 * that then imports the hook module, and Claude Code waits for this process on every prompt and tool call.
 */
import { runHook } from './commands/hook';

const [verb, ...rest] = process.argv.slice(2);
const io = {
  stdout: (text: string) => void process.stdout.write(text),
  stderr: (text: string) => void process.stderr.write(text),
  env: process.env,
};

if (verb !== 'hook') {
  io.stderr('gatehouse-hook: run it as "gatehouse-hook.cjs hook <event>"; see "gatehouse hook --help".\n');
  process.exitCode = 1;
} else {
  void runHook(rest, io).then((code) => process.stdout.write('', () => process.exit(code)));
}
