/**
 * Walks a Bash syntax tree into a `BashAnalysis`. Statements that run on their own become subcommands:
 * simple commands, declarations (`export`, `local`, …), `unset`, tests (`[ ]`, `[[ ]]`), arithmetic commands
 * `(( ))` and bare assignments. Control structures (`if`, `for`, `while`, `case`, functions, groups,
 * subshells, pipelines, lists) are not, but everything inside them is, and so is everything inside `$()`,
 * backticks and `<()`/`>()`, wherever they appear, including unquoted heredoc bodies, where Bash runs them.
 */
import { isSafeAssignment } from './assignments';
import { findActions } from './find';
import { childByField, childrenByField, type SyntaxNode } from './syntax-tree';
import {
  BashSyntaxError,
  requireNoKeywordName,
  requireWordBoundaries,
  requireWholeLineEnd,
  wordPhrase,
} from './tree-checks';
import type { BashAnalysis, BashRedirect, BashSubcommand } from './types';
import { containsExpansion, groupAdjacent, readWord, type ShellWord } from './words';
import { stripWrappers } from './wrappers';

type Analysis = Extract<BashAnalysis, { ok: true }>;

const STATEMENT_LIKE = new Set([
  'declaration_command',
  'unset_command',
  'test_command',
  'variable_assignments',
]);
/** Where a `variable_assignment` is part of something else rather than a statement of its own. */
const ASSIGNMENT_OWNERS = new Set([
  'command',
  'declaration_command',
  'variable_assignments',
  'c_style_for_statement',
  'array',
]);
const UNAPPROVABLE_COMMANDS = new Set(['watch', 'setsid', 'ionice', 'flock']);

export function analyzeTree(root: SyntaxNode, command: string): Analysis {
  const walker = new Walker(command);
  walker.visit(root);
  return {
    ok: true,
    command,
    subcommands: walker.subcommands,
    redirects: walker.redirects,
    hasCommandSubstitution: walker.hasCommandSubstitution,
    hasProcessSubstitution: walker.hasProcessSubstitution,
    hasBackticks: walker.hasBackticks,
    hasEval: walker.hasEval,
    unapprovableByPrefix: walker.unapprovableByPrefix,
  };
}

class Walker {
  readonly subcommands: BashSubcommand[] = [];
  readonly redirects: BashRedirect[] = [];
  hasCommandSubstitution = false;
  hasProcessSubstitution = false;
  hasBackticks = false;
  hasEval = false;
  unapprovableByPrefix = false;
  /** The pipeline stage being walked, if any: what a stage reads on its input comes from the stages before it. */
  private pipe: BashSubcommand['pipe'];

  constructor(private readonly source: string) {}

  visit(node: SyntaxNode): void {
    switch (node.type) {
      case 'command':
        this.simpleCommand(node, node, []);
        break;
      case 'redirected_statement':
        this.redirectedStatement(node);
        return;
      case 'file_redirect':
        this.fileRedirect(node);
        break;
      case 'pipeline':
        this.pipeline(node);
        return;
      case 'command_substitution':
        if (node.children[0]?.type === '`') this.hasBackticks = true;
        else this.hasCommandSubstitution = true;
        this.outsidePipe(node);
        return;
      case 'process_substitution':
        this.hasProcessSubstitution = true;
        this.outsidePipe(node);
        return;
      case 'heredoc_redirect':
        requireWholeLineEnd(node, this.source);
        break;
      case 'heredoc_body':
        // tree-sitter parses `$(...)` in an unquoted heredoc body but not backquotes, which Bash runs too.
        if (this.isUnquotedHeredoc(node) && hasUnescapedBackquote(this.text(node))) this.hasBackticks = true;
        break;
      case 'variable_assignment':
        if (!ASSIGNMENT_OWNERS.has(node.parent?.type ?? '')) this.statement(node, []);
        break;
      case 'compound_statement':
        if (node.children[0]?.type === '((') this.statement(node, this.tokens(node));
        break;
      default:
        if (STATEMENT_LIKE.has(node.type)) this.statement(node, this.statementWords(node));
    }
    this.visitChildren(node);
  }

  private pipeline(node: SyntaxNode): void {
    const outer = this.pipe;
    const source = this.text(node);
    node.namedChildren.forEach((stage, index) => {
      this.pipe = { source, stage: index };
      this.visit(stage);
    });
    this.pipe = outer;
  }

  /** A substitution's commands write to the substitution, not to the pipe around it. */
  private outsidePipe(node: SyntaxNode): void {
    const outer = this.pipe;
    this.pipe = undefined;
    this.visitChildren(node);
    this.pipe = outer;
  }

  private visitChildren(node: SyntaxNode): void {
    for (const child of node.namedChildren) this.visit(child);
  }

  private text(node: SyntaxNode): string {
    return this.source.slice(node.startIndex, node.endIndex);
  }

  /**
   * tree-sitter reads `git > /dev/null push` as a redirect with three destinations; Bash sends the words after
   * the first to the command, so they are folded back into its arguments.
   */
  private redirectedStatement(node: SyntaxNode): void {
    const body = childByField(node, 'body');
    const redirects = childrenByField(node, 'redirect');
    // A misread line break explains stray words better than the error they cause below.
    for (const redirect of redirects) {
      if (redirect.type === 'file_redirect') requireWordBoundaries(redirect, this.source);
    }
    const extras = redirects.flatMap((redirect) => this.destinations(redirect).slice(1).flat());
    const heredoc = redirects.find((redirect) => redirect.type === 'heredoc_redirect');
    if (body?.type === 'command') {
      // `cat <<EOF | sh`: tree-sitter hangs the pipeline off the heredoc, but the command it fed is its first stage.
      const piped = heredoc?.namedChildren.find((child) => child.type === 'pipeline');
      const outer = this.pipe;
      if (piped !== undefined) this.pipe = { source: this.text(node), stage: 0 };
      this.simpleCommand(body, extras.length > 0 ? node : body, extras, heredoc && this.heredocText(heredoc));
      this.visitChildren(body);
      if (piped !== undefined) {
        const source = this.text(node);
        piped.namedChildren.forEach((stage, index) => {
          this.pipe = { source, stage: index + 1 };
          this.visit(stage);
        });
        this.pipe = outer;
        for (const child of node.namedChildren) if (child !== body && child !== heredoc) this.visit(child);
        requireWholeLineEnd(heredoc!, this.source);
        for (const child of heredoc!.namedChildren) if (child !== piped) this.visit(child);
        return;
      }
    } else {
      const extra = extras[0];
      if (extra !== undefined) {
        throw new BashSyntaxError(wordPhrase('bashParse.afterRedirect', this.text(extra)), extra.startIndex);
      }
      if (body !== undefined) this.visit(body);
    }
    for (const child of node.namedChildren) if (child !== body) this.visit(child);
  }

  private simpleCommand(
    node: SyntaxNode,
    span: SyntaxNode,
    extraDestinations: readonly SyntaxNode[],
    heredoc?: string,
  ): void {
    requireWordBoundaries(node, this.source);
    requireNoKeywordName(node, this.source);
    const assignments: SyntaxNode[] = [];
    const wordNodes: SyntaxNode[] = [];
    let input = heredoc;
    for (const child of node.children) {
      if (child.type === 'variable_assignment') assignments.push(child);
      if (child.field === 'name' || child.field === 'argument') wordNodes.push(child);
      if (child.type === 'herestring_redirect') input = this.hereString(child);
    }
    const groups = groupAdjacent(wordNodes, this.source);
    if (extraDestinations.length > 0) groups.push(...groupAdjacent(extraDestinations, this.source));
    const words = groups.map((group) => readWord(group, this.source));
    const { wrappers, words: rest } = stripWrappers(words);
    this.noteRunsOtherCode(this.subcommand(span, rest, assignments, wrappers, input), rest);
  }

  private heredocText(heredoc: SyntaxNode): string {
    const body = heredoc.namedChildren.find((child) => child.type === 'heredoc_body');
    return body === undefined ? '' : this.text(body);
  }

  private hereString(redirect: SyntaxNode): string {
    const word = groupAdjacent(redirect.namedChildren, this.source)[0];
    return word === undefined ? '' : readWord(word, this.source).value;
  }

  /** Sets `hasEval` and `unapprovableByPrefix` for a command that runs code its words do not show. */
  private noteRunsOtherCode(sub: BashSubcommand, words: readonly ShellWord[]): void {
    const name = sub.argv[0];
    const path = words[1];
    if (name === 'eval' || ((name === 'source' || name === '.') && path !== undefined && !path.literal)) {
      this.hasEval = true;
    }
    if (name !== undefined && UNAPPROVABLE_COMMANDS.has(name)) this.unapprovableByPrefix = true;
    // A `find` whose arguments are not all known, or that xargs feeds more, might carry `-delete` or `-exec`.
    if (
      name === 'find' &&
      (sub.dynamic || sub.wrappers.includes('xargs') || sub.argv.slice(1).some((arg) => findActions.has(arg)))
    ) {
      this.unapprovableByPrefix = true;
    }
  }

  private statement(node: SyntaxNode, words: readonly ShellWord[]): void {
    const candidates = node.type === 'variable_assignments' ? node.namedChildren : [node];
    const assignments = candidates.filter((child) => child.type === 'variable_assignment');
    this.subcommand(node, words, assignments, []);
  }

  private subcommand(
    span: SyntaxNode,
    words: readonly ShellWord[],
    assignments: readonly SyntaxNode[],
    wrappers: readonly string[],
    input?: string,
  ): BashSubcommand {
    const argv = words.map((word) => word.value);
    const sub: BashSubcommand = {
      source: this.text(span),
      text: argv.join(' '),
      argv,
      assignments: assignments.map((node) => this.text(node)),
      unsafeAssignments: assignments
        .filter((node) => !isSafeAssignment(node, this.source))
        .map((node) => this.text(node)),
      wrappers,
      dynamic: words.some((word) => !word.literal),
      ...(this.pipe ? { pipe: this.pipe } : {}),
      ...(input !== undefined ? { input } : {}),
    };
    this.subcommands.push(sub);
    return sub;
  }

  /** `export -n A=1 B` → the keyword, then each word as Bash passes it to the builtin. */
  private statementWords(node: SyntaxNode): ShellWord[] {
    if (node.type === 'variable_assignments') return [];
    if (node.type === 'test_command') return this.tokens(node);
    requireWordBoundaries(node, this.source);
    const [keyword, ...rest] = node.children;
    if (keyword === undefined) return [];
    return [
      { value: this.text(keyword), literal: true },
      ...groupAdjacent(rest, this.source).map((group) => readWord(group, this.source)),
    ];
  }

  /** Tests and arithmetic are expressions, not words: each top-level token is kept as written. */
  private tokens(node: SyntaxNode): ShellWord[] {
    return node.children.map((child) => ({
      value: this.text(child),
      literal: !child.isNamed || !containsExpansion(child),
    }));
  }

  private fileRedirect(node: SyntaxNode): void {
    requireWordBoundaries(node, this.source);
    const [destination] = this.destinations(node);
    const operator = this.source.slice(node.startIndex, destination?.[0]?.startIndex ?? node.endIndex).trim();
    const target = destination === undefined ? '' : readWord(destination, this.source).value;
    this.redirects.push({ operator, target, isWrite: isWrite(operator, target) });
  }

  /** The words after a redirect operator: the first is its target, any others belong to the command. */
  private destinations(redirect: SyntaxNode): SyntaxNode[][] {
    return groupAdjacent(childrenByField(redirect, 'destination'), this.source);
  }

  private isUnquotedHeredoc(body: SyntaxNode): boolean {
    const start = body.parent?.children.find((child) => child.type === 'heredoc_start');
    return start !== undefined && !/['"\\]/.test(this.text(start));
  }
}

const WRITE_OPERATORS = new Set(['>', '>>', '>|', '&>', '&>>', '>&']);

/** `>&2` and `2>&1` duplicate a descriptor and `>&-` closes one; only a named file is written. */
function isWrite(operator: string, target: string): boolean {
  const bare = operator.replace(/^\d+/, '');
  if (!WRITE_OPERATORS.has(bare) || target === '/dev/null' || target === '') return false;
  return !(bare === '>&' && /^(\d+-?|-)$/.test(target));
}

function hasUnescapedBackquote(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '\\') i++;
    else if (text[i] === '`') return true;
  }
  return false;
}
