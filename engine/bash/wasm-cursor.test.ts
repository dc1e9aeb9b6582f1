/**
 * The raw cursor leans on web-tree-sitter's internals; these tests fail if those change. Its copy of a tree
 * must be the tree web-tree-sitter's public Node API describes, and 100,000 analyses must leave the
 * WebAssembly heap as they found it.
 */
import { Language, Parser, type Node, type Tree } from 'web-tree-sitter';
import { describe, expect, it, vi } from 'vitest';
import { installedBashWasmPaths } from '../node/bash-wasm';
import { loadBashAnalyzer } from './parser';
import { copyTree, type SyntaxNode } from './syntax-tree';
import { initTreeSitter } from './wasm-cursor';

const paths = installedBashWasmPaths();
const analyzer = await loadBashAnalyzer(paths);
const walker = await initTreeSitter(paths.treeSitterWasmPath);
const parser = new Parser();
parser.setLanguage(await Language.load(paths.wasmPath));

const CORPUS = [
  '',
  '   ',
  'ls',
  'git status && npm test || echo failed; make &',
  'npm run build && npm test 2>&1 | tee build.log; git status',
  'a | b |& c\nd && e',
  'cat <<EOF\nhello $(whoami) `date`\nEOF\necho done',
  "cat <<'EOF' > out.txt\nliteral $HOME\nEOF",
  'cat <<-EOF\n\tindented\n\tEOF',
  'diff <(sort a) >(tee b) < in.txt 2>/dev/null >| forced &>> both',
  'x=$(echo $(echo $(echo $(echo $(echo $(echo deep))))))',
  'case "$1" in a|b) echo ab ;; *) echo other ;; esac',
  'if [ -f x ]; then echo y; elif [[ $a == b* ]]; then :; else echo z; fi',
  'for f in *.ts; do echo "$f"; done; for ((i = 0; i < 3; i++)); do echo $i; done',
  'while read -r line; do echo "$line"; done < file; until false; do break; done',
  'f() { local a=1 b; export C=2; unset D; }; f',
  '(( x = 1 + 2 )); echo $(( x * 2 )); a=(1 2 3); echo "${a[@]}" ${b:-default} ${#c}',
  'echo $\'tab\\there\' $"translated" \'single\' "double $var" \\rm',
  'NODE_ENV=test DEBUG=1 timeout 5 nice -n 2 npm test -- --watch',
  'echo a\\\nb # a comment\nls',
  `echo 😀é "ünïcödé $x" && grep -r 'ñ' . | wc -l`,
  '{ echo group; } > out; (cd sub && make)',
  '! true; time -p sleep 1; coproc cat',
  'echo {a,b}{1..3} ~/x ?.md [ab].txt',
  // Syntax errors: the copy is never analysed then, but it must still be faithful.
  'echo "unclosed',
  'if then fi',
  'echo )',
  'cat <<EOF\nno end',
  'a && && b',
];

interface Plain {
  readonly type: string;
  readonly isNamed: boolean;
  readonly field: string | null;
  readonly startIndex: number;
  readonly endIndex: number;
  readonly children: readonly Plain[];
}

function fromCopy(node: SyntaxNode): Plain {
  // The links the copy adds must agree with its children.
  for (const child of node.children) expect(child.parent).toBe(node);
  expect(node.namedChildren).toEqual(node.children.filter((child) => child.isNamed));
  const { type, isNamed, field, startIndex, endIndex } = node;
  return { type, isNamed, field, startIndex, endIndex, children: node.children.map(fromCopy) };
}

function fromPublicApi(node: Node, field: string | null): Plain {
  return {
    type: node.type,
    isNamed: node.isNamed,
    field,
    startIndex: node.startIndex,
    endIndex: node.endIndex,
    children: node.children.map((child, i) => fromPublicApi(child!, node.fieldNameForChild(i))),
  };
}

function withTree<T>(command: string, use: (tree: Tree) => T): T {
  const tree = parser.parse(command)!;
  try {
    return use(tree);
  } finally {
    tree.delete();
  }
}

describe('the raw tree cursor', () => {
  it.each(CORPUS)('copies %j as the public API reads it', (command) => {
    withTree(command, (tree) => {
      const copy = fromCopy(copyTree(tree, walker));
      expect(copy).toEqual(fromPublicApi(tree.rootNode, null));
    });
  });

  it('measures in UTF-16 code units, like JavaScript strings', () => {
    const command = 'echo 😀é ünï';
    withTree(command, (tree) => {
      const words = copyTree(tree, walker).children[0]!.children.slice(1);
      expect(words.map((word) => command.slice(word.startIndex, word.endIndex))).toEqual(['😀é', 'ünï']);
    });
  });

  it('frees the cursor when the visit throws, and walks again after', () => {
    withTree('ls -la', (tree) => {
      expect(() =>
        walker.walk(tree, () => {
          throw new Error('visit failed');
        }),
      ).toThrow('visit failed');
      expect(copyTree(tree, walker).children[0]!.type).toBe('command');
    });
  });

  it('refuses a deleted tree', () => {
    const tree = parser.parse('ls')!;
    tree.delete();
    expect(() => copyTree(tree, walker)).toThrow(/address of a web-tree-sitter tree/);
  });

  // A ceiling for 100,000 parses on two busy cores, not a speed check (bench/ measures speed).
  it('leaves the WebAssembly heap as it found it after 100,000 analyses', { timeout: 180_000 }, () => {
    const runtime = (Parser as unknown as Record<symbol, WasmHeap>)[
      Symbol.for('gatehouse.web-tree-sitter-runtime')
    ]!;
    // A megabyte comes from the top of the heap, so it moves up by whatever the loop leaked.
    const top = () => {
      const address = runtime._malloc(1 << 20);
      runtime._free(address);
      return address;
    };
    const commands = CORPUS.slice(0, 24);
    const run = (count: number) => {
      for (let i = 0; i < count; i++) analyzer.analyze(commands[i % commands.length]!);
    };
    run(1_000);
    const heapBefore = runtime.HEAPU8.length;
    const topBefore = top();
    run(100_000);
    expect(runtime.HEAPU8.length).toBe(heapBefore);
    expect(top() - topBefore).toBeLessThan(64 * 1024);
  });
});

interface WasmHeap {
  readonly HEAPU8: Uint8Array;
  _malloc(size: number): number;
  _free(address: number): void;
}

describe('loading the raw tree cursor', () => {
  it('fails with a clear error when web-tree-sitter was started without its options', async () => {
    vi.resetModules();
    vi.doMock('web-tree-sitter', () => ({ Parser: { init: () => Promise.resolve() } }));
    try {
      const { initTreeSitter: init } = await import('./wasm-cursor');
      await expect(init(paths.treeSitterWasmPath)).rejects.toThrow(
        /cannot reach web-tree-sitter’s WebAssembly exports/,
      );
    } finally {
      vi.doUnmock('web-tree-sitter');
      vi.resetModules();
    }
  });
});
