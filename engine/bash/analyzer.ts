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
import { phraseText, type Phrase } from '../explain/phrases';
import type { WasmTreeWalker } from './wasm-cursor';

/** Longer commands always prompt (docs/engine.md, Matching, per tool family). */
export const MAX_COMMAND_LENGTH = 10_000;

export function createBashAnalyzer(
  parse: (command: string) => Tree | null,
  walker: WasmTreeWalker,
): BashAnalyzer {
  return {
    analyze(command) {
      if (command.length > MAX_COMMAND_LENGTH) {
        return refuse(command, 'too-long', {
          code: 'bashParse.tooLong',
          params: {
            length: { text: command.length.toLocaleString('en-US') },
            limit: { text: MAX_COMMAND_LENGTH.toLocaleString('en-US') },
          },
        });
      }
      const tree = parse(command);
      if (tree === null) return refuse(command, 'unparseable', { code: 'bashParse.failed', params: {} });
      try {
        const error = firstSyntaxError(tree.rootNode);
        if (error === undefined) return analyzeTree(copyTree(tree, walker), command);
        return refuse(
          command,
          'unparseable',
          syntaxPhrase(command, describe(command, error), error.startIndex),
        );
      } catch (error) {
        if (!(error instanceof BashSyntaxError)) throw error;
        return refuse(command, 'unparseable', syntaxPhrase(command, error.detail, error.index));
      } finally {
        tree.delete();
      }
    },
  };
}

function refuse(command: string, reason: 'unparseable' | 'too-long', said: Phrase): BashAnalysis {
  return { ok: false, command, reason, message: phraseText(said), phrase: said };
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

function describe(command: string, node: Node): Phrase {
  if (node.isMissing) return { code: 'bashParse.missing', params: { token: { literal: node.type } } };
  const snippet = command.slice(node.startIndex, node.endIndex).split('\n')[0]!.slice(0, 20);
  if (snippet === '') return { code: 'bashParse.endsEarly', params: {} };
  return {
    code: node.endIndex >= command.trimEnd().length ? 'bashParse.neverClosed' : 'bashParse.unexpected',
    params: { snippet: { literal: snippet } },
  };
}

function syntaxPhrase(command: string, detail: Phrase, index: number): Phrase {
  const before = command.slice(0, index);
  const line = before.split('\n').length;
  const column = index - before.lastIndexOf('\n');
  return {
    code: 'bashParse.failedAt',
    params: { line: { count: line }, column: { count: column }, detail: { phrase: detail } },
  };
}
