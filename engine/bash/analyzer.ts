/**
 * The `BashAnalyzer` around a parse function: refuses over-long input before parsing, turns any syntax
 * error into `unparseable` (an approval console must never guess what a broken command does) and frees
 * every tree it gets.
 */
import type { Node, Tree } from 'web-tree-sitter';
import { analyzeTree } from './analyze';
import { copyTree } from './syntax-tree';
import { BashSyntaxError } from './tree-checks';
import type { BashAnalysis, BashAnalyzer } from './types';
import type { WasmTreeWalker } from './wasm-cursor';

/** Longer commands always prompt (claude-code.md §3.2). */
export const MAX_COMMAND_LENGTH = 10_000;

export function createBashAnalyzer(
  parse: (command: string) => Tree | null,
  walker: WasmTreeWalker,
): BashAnalyzer {
  return {
    analyze(command) {
      if (command.length > MAX_COMMAND_LENGTH) {
        return refuse(
          command,
          'too-long',
          `The command is ${command.length.toLocaleString('en-US')} characters long, over the ` +
            `${MAX_COMMAND_LENGTH.toLocaleString('en-US')} that can be checked, so it always needs approval.`,
        );
      }
      const tree = parse(command);
      if (tree === null) return refuse(command, 'unparseable', 'The command could not be parsed as Bash.');
      try {
        const error = firstSyntaxError(tree.rootNode);
        if (error === undefined) return analyzeTree(copyTree(tree, walker), command);
        return refuse(
          command,
          'unparseable',
          syntaxMessage(command, describe(command, error), error.startIndex),
        );
      } catch (error) {
        if (!(error instanceof BashSyntaxError)) throw error;
        return refuse(command, 'unparseable', syntaxMessage(command, error.message, error.index));
      } finally {
        tree.delete();
      }
    },
  };
}

function refuse(command: string, reason: 'unparseable' | 'too-long', message: string): BashAnalysis {
  return { ok: false, command, reason, message };
}

function firstSyntaxError(node: Node): Node | undefined {
  if (node.isError || node.isMissing) return node;
  if (!node.hasError) return undefined;
  for (const child of node.children) {
    const found = child === null ? undefined : firstSyntaxError(child);
    if (found !== undefined) return found;
  }
  return undefined;
}

function describe(command: string, node: Node): string {
  if (node.isMissing) return `a "${node.type}" is missing`;
  const snippet = command.slice(node.startIndex, node.endIndex).split('\n')[0]!.slice(0, 20);
  if (snippet === '') return 'the command ends too early';
  return node.endIndex >= command.trimEnd().length
    ? `"${snippet}" is never closed`
    : `unexpected "${snippet}"`;
}

function syntaxMessage(command: string, detail: string, index: number): string {
  const before = command.slice(0, index);
  const line = before.split('\n').length;
  const column = index - before.lastIndexOf('\n');
  return `The command could not be parsed as Bash (line ${line}, column ${column}): ${detail}.`;
}
