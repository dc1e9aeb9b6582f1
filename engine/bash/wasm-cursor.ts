/**
 * A tree cursor over web-tree-sitter 0.25's WebAssembly exports (internals, checked at start): with
 * grammar-shape.ts it halves the Bash analysis, which the engine's p50 < 50 µs at 1,000 rules needs.
 */
import { Parser, type Tree } from 'web-tree-sitter';

const EXPORTS = [
  '_ts_tree_root_node_wasm',
  '_ts_tree_cursor_new_wasm',
  '_ts_tree_cursor_delete_wasm',
  '_ts_tree_cursor_goto_first_child_wasm',
  '_ts_tree_cursor_goto_next_sibling_wasm',
  '_ts_tree_cursor_goto_parent_wasm',
  '_ts_tree_cursor_current_node_type_id_wasm',
  '_ts_tree_cursor_current_field_id_wasm',
  '_ts_tree_cursor_start_index_wasm',
  '_ts_tree_cursor_end_index_wasm',
] as const;

type CursorExports = Readonly<Record<(typeof EXPORTS)[number], (tree: number) => number>>;

// web-tree-sitter starts once per process and ignores later `Parser.init` options, so the runtime is kept
// on the Parser class, where another copy of this file (a test's fresh import, another bundle) finds it.
const RUNTIME = Symbol.for('gatehouse.web-tree-sitter-runtime');

type ParserWithRuntime = typeof Parser & { [RUNTIME]?: CursorExports };

/** Starts web-tree-sitter with its runtime at `treeSitterWasmPath`, and binds the cursor exports. */
export async function initTreeSitter(treeSitterWasmPath: string): Promise<WasmTreeWalker> {
  const options = { locateFile: () => treeSitterWasmPath };
  await Parser.init(options);
  const parser = Parser as ParserWithRuntime;
  if (parser[RUNTIME] === undefined && hasExports(options)) {
    Object.defineProperty(parser, RUNTIME, { value: options });
  }
  const runtime = parser[RUNTIME];
  if (runtime === undefined) {
    throw new Error(
      'The Bash analyser cannot reach web-tree-sitter’s WebAssembly exports (it expects version 0.25, ' +
        'started by the analyser itself rather than by an earlier Parser.init), so it cannot read trees.',
    );
  }
  return new WasmTreeWalker(runtime);
}

function hasExports(module: object): module is CursorExports {
  return EXPORTS.every((name) => typeof (module as Record<string, unknown>)[name] === 'function');
}

/** The cursor's moves and reads; valid only inside `WasmTreeWalker.walk`. */
export interface WasmTreeCursor {
  typeId(): number;
  fieldId(): number;
  /** UTF-16 offsets, like the public API's. */
  startIndex(): number;
  endIndex(): number;
  gotoFirstChild(): boolean;
  gotoNextSibling(): boolean;
  gotoParent(): boolean;
}

export class WasmTreeWalker {
  private readonly cursor: RawCursor;

  constructor(exports: CursorExports) {
    this.cursor = new RawCursor(exports);
  }

  /** Runs `visit` on the root of `tree`; any other web-tree-sitter call would overwrite the cursor. */
  walk<T>(tree: Tree, visit: (cursor: WasmTreeCursor) => T): T {
    const address = (tree as unknown as Record<number, unknown>)[0];
    if (typeof address !== 'number' || address === 0) {
      throw new Error('The Bash analyser cannot find the address of a web-tree-sitter tree (tree[0]).');
    }
    const { cursor } = this;
    if (cursor.tree !== 0) throw new Error('A tree walk started inside another one.');
    cursor.open(address);
    try {
      return visit(cursor);
    } finally {
      cursor.close();
    }
  }
}

class RawCursor implements WasmTreeCursor {
  /** The tree being walked, 0 between walks. */
  tree = 0;

  constructor(private readonly wasm: CursorExports) {}

  open(tree: number): void {
    // The root node goes into the transfer buffer, where the cursor export expects it.
    this.wasm._ts_tree_root_node_wasm(tree);
    this.wasm._ts_tree_cursor_new_wasm(tree);
    this.tree = tree;
  }

  close(): void {
    // Frees the cursor's stack, as the last move left it in the transfer buffer.
    this.wasm._ts_tree_cursor_delete_wasm(this.tree);
    this.tree = 0;
  }

  typeId(): number {
    return this.wasm._ts_tree_cursor_current_node_type_id_wasm(this.tree);
  }

  fieldId(): number {
    return this.wasm._ts_tree_cursor_current_field_id_wasm(this.tree);
  }

  startIndex(): number {
    return this.wasm._ts_tree_cursor_start_index_wasm(this.tree);
  }

  endIndex(): number {
    return this.wasm._ts_tree_cursor_end_index_wasm(this.tree);
  }

  gotoFirstChild(): boolean {
    return this.wasm._ts_tree_cursor_goto_first_child_wasm(this.tree) !== 0;
  }

  gotoNextSibling(): boolean {
    return this.wasm._ts_tree_cursor_goto_next_sibling_wasm(this.tree) !== 0;
  }

  gotoParent(): boolean {
    return this.wasm._ts_tree_cursor_goto_parent_wasm(this.tree) !== 0;
  }
}
