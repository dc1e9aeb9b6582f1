/**
 * Codex's own verdict on a command: `codex execpolicy check --rules <file> -- <words>` prints
 * `{matchedRules, decision}` but not which file matched, so each file is checked apart. Only Codex can
 * evaluate its Starlark rules, so the console runs it rather than reading the files itself.
 */
import { spawn } from 'node:child_process';
import type { CodexRuleMatch } from '../../../common/queue-contract';
import { execPolicyDecisions } from '../../../common/queue-contract';

/** How the console starts Codex: `codex` on PATH unless told otherwise. */
export interface CodexProgram {
  readonly command: string;
  readonly args: readonly string[];
}

/** Codex could not be started at all. */
export class CodexMissing extends Error {}

const MAX_OUTPUT = 64 * 1024;

type Decision = CodexRuleMatch['decision'];
const isDecision = (value: unknown): value is Decision =>
  typeof value === 'string' && (execPolicyDecisions as readonly string[]).includes(value);

/** The prefix rules in one `check` answer, credited to `file`. Pure. */
export function matchesIn(stdout: string, file: string): CodexRuleMatch[] {
  const answer = JSON.parse(stdout) as { matchedRules?: unknown };
  if (!Array.isArray(answer.matchedRules)) throw new Error('Codex answered without "matchedRules"');
  return answer.matchedRules.flatMap((entry: unknown) => {
    const match = (entry as { prefixRuleMatch?: Record<string, unknown> } | null)?.prefixRuleMatch;
    if (!match || !Array.isArray(match.matchedPrefix) || !isDecision(match.decision)) return [];
    return [
      {
        prefix: match.matchedPrefix.map(String),
        decision: match.decision,
        ...(typeof match.justification === 'string' ? { justification: match.justification } : {}),
        file,
      },
    ];
  });
}

export function checkRulesFile(
  program: CodexProgram,
  file: string,
  words: readonly string[],
  env: NodeJS.ProcessEnv,
  signal: AbortSignal,
): Promise<CodexRuleMatch[]> {
  return new Promise((done, fail) => {
    const child = spawn(
      program.command,
      [...program.args, 'execpolicy', 'check', '--rules', file, '--', ...words],
      { env, signal, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      if (stdout.length < MAX_OUTPUT) stdout += chunk.toString('utf8');
    });
    child.stderr.on('data', (chunk: Buffer) => {
      if (stderr.length < MAX_OUTPUT) stderr += chunk.toString('utf8');
    });
    child.on('error', (error: NodeJS.ErrnoException) =>
      fail(error.code === 'ENOENT' || error.code === 'EACCES' ? new CodexMissing(error.message) : error),
    );
    child.on('close', (code) => {
      if (code !== 0) {
        // Codex's first line names the file and the problem; its backtrace says nothing to a person.
        const first = stderr.split('\n').find((line) => line.startsWith('Error:'));
        fail(new Error(first?.replace(/^Error:\s*/, '') ?? `codex execpolicy check exited with ${code}`));
        return;
      }
      try {
        done(matchesIn(stdout, file));
      } catch (error) {
        fail(error as Error);
      }
    });
  });
}
