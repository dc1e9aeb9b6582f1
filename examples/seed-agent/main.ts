/**
 * An agent that runs the permission pipeline of docs/engine.md for one tool call, end to end: the engine's
 * check (allow and deny are final), then, for an ask, the terminal prompt racing the Gatehouse console.
 *
 *   node scripts/run-ts.mjs examples/seed-agent/main.ts -- [--cwd DIR] [--mode MODE] [--session ID] [--timeout MS] <tool> <json-input>
 *
 * Exit status: 0 allowed, 1 denied, 2 a usage error. The tool itself is never run.
 */
import { randomUUID } from 'node:crypto';
import { homedir } from 'node:os';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { isTimerDelay, TIMER_DELAY_RANGE } from '../../common/timer-delay';
import { permissionModes } from '../../engine';
import type { PermissionMode } from '../../engine';
import { askTerminalAndConsole } from './ask';
import { checkWithEngine, provenanceOf } from './engine-check';

const USAGE =
  'usage: seed-agent [--cwd DIR] [--mode MODE] [--session ID] [--timeout MS] <tool> <json-input>\n' +
  `  e.g. seed-agent Bash '{"command":"npm publish"}'   (modes: ${permissionModes.join(', ')})\n`;

interface Invocation {
  readonly tool: string;
  readonly input: Record<string, unknown>;
  readonly cwd: string;
  readonly mode: PermissionMode;
  readonly sessionId: string;
  readonly timeoutMs: number;
}

/** As long as the console waits by default: then nobody is coming, and the call is denied. */
const DEFAULT_TIMEOUT_MS = 10 * 60_000;

function parse(argv: readonly string[]): Invocation | string {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      allowPositionals: true,
      options: {
        cwd: { type: 'string' },
        mode: { type: 'string' },
        session: { type: 'string' },
        timeout: { type: 'string' },
      },
    });
  } catch (error) {
    return (error as Error).message;
  }
  const [tool, json, ...rest] = parsed.positionals;
  if (!tool || json === undefined || rest.length > 0) return 'Give exactly a tool name and its JSON input.';
  let input: unknown;
  try {
    input = JSON.parse(json);
  } catch {
    return `The input is not JSON: ${json}`;
  }
  if (typeof input !== 'object' || input === null || Array.isArray(input))
    return 'The input must be a JSON object.';
  const mode = parsed.values.mode ?? 'default';
  if (!(permissionModes as readonly string[]).includes(mode)) return `Unknown mode "${mode}".`;
  const timeoutMs = Number(parsed.values.timeout ?? DEFAULT_TIMEOUT_MS);
  if (!isTimerDelay(timeoutMs)) return `--timeout takes ${TIMER_DELAY_RANGE}.`;
  return {
    tool,
    input: input as Record<string, unknown>,
    cwd: resolve(parsed.values.cwd ?? process.cwd()),
    mode: mode as PermissionMode,
    sessionId: parsed.values.session ?? `seed-agent-${process.pid}`,
    timeoutMs,
  };
}

/** What the prompt shows: a Bash command as typed, any other tool with its input. */
function questionFor({ tool, input }: Invocation): string {
  return tool === 'Bash' && typeof input.command === 'string'
    ? `Allow Bash: ${input.command}?`
    : `Allow ${tool} ${JSON.stringify(input)}?`;
}

async function main(argv: readonly string[]): Promise<number> {
  const invocation = parse(argv);
  if (typeof invocation === 'string') {
    process.stderr.write(`seed-agent: ${invocation}\n${USAGE}`);
    return 2;
  }
  const out = (line: string) => process.stdout.write(`${line}\n`);
  const decision = await checkWithEngine({ ...invocation, home: homedir() });
  out(`engine: ${decision.behavior} at step ${decision.step}: ${decision.reason.message}`);
  if (decision.behavior !== 'ask') return decision.behavior === 'allow' ? 0 : 1;

  const { tool, input, cwd, mode, sessionId, timeoutMs } = invocation;
  const call = {
    id: randomUUID(),
    sessionId,
    cwd,
    tool,
    input,
    mode,
    provenance: provenanceOf(decision.reason),
    timeoutMs,
  };
  const { winner, answer } = await askTerminalAndConsole(call, questionFor(invocation), {
    deadline: AbortSignal.timeout(timeoutMs),
    log: (line) => process.stderr.write(`${line}\n`),
  });
  out(`winner: ${winner} (${answer.behavior}${answer.message ? `: ${answer.message}` : ''})`);
  if (winner === 'terminal') out('withdrawn: the console request (answered-in-terminal)');
  if (winner === 'console') out('withdrawn: the terminal prompt');
  return answer.behavior === 'allow' ? 0 : 1;
}

// run-ts.mjs passes its `--` separator through; it is not ours to parse.
const args = process.argv.slice(2);
process.exitCode = await main(args[0] === '--' ? args.slice(1) : args);
