/**
 * The file Claude Code runs for every hook: `node gatehouse-hook.cjs hook <event>`, the same words as
 * `gatehouse hook <event>`. A self-running CommonJS file starts measurably faster than the ESM dispatcher
 * that then imports the hook module, and Claude Code waits for this process on every prompt and tool call.
 */
import { outputFlushed, writeOutput } from '../hook/sync-output';
import { run } from './commands/hook';

const [verb, ...rest] = process.argv.slice(2);
const io = {
  stdout: (text: string) => writeOutput(1, text),
  stderr: (text: string) => writeOutput(2, text),
  env: process.env,
};

if (verb !== 'hook') {
  io.stderr('gatehouse-hook: run it as "gatehouse-hook.cjs hook <event>"; see "gatehouse hook --help".\n');
  process.exitCode = 1;
} else {
  void run(rest, io).then(async (code) => {
    await outputFlushed();
    process.exit(code);
  });
}
