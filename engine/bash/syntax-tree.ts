/**
 * A plain JavaScript copy of a tree-sitter tree. Every property read on a web-tree-sitter node crosses into
 * WebAssembly, and the analyser reads each node several times; one cursor walk that copies what it needs
 * makes the analysis cost about one crossing per property per node, and keeps the rest of engine/bash free
 * of the WebAssembly API. The cursor is wasm-cursor.ts's, which spares each crossing web-tree-sitter's
 * marshalling.
 */
import type { Language, Tree } from 'web-tree-sitter';
import { FIELD_PARENTS, LEAF_TYPES } from './grammar-shape';
import type { WasmTreeWalker } from './wasm-cursor';

export interface SyntaxNode {
  readonly type: string;
  readonly isNamed: boolean;
  /** The field this node fills in its parent (`name`, `argument`, `redirect`, …). */
  readonly field: string | null;
  /** UTF-16 offsets into the command, like JavaScript string indices. */
  readonly startIndex: number;
  readonly endIndex: number;
  readonly children: readonly SyntaxNode[];
  readonly namedChildren: readonly SyntaxNode[];
  readonly parent: SyntaxNode | null;
}

interface MutableNode extends SyntaxNode {
  children: readonly SyntaxNode[];
  namedChildren: readonly SyntaxNode[];
}

/** Shared by every node without children (most of a tree's nodes are leaves): two arrays fewer each. */
const NO_CHILDREN: readonly SyntaxNode[] = Object.freeze([]);

const NAMED = 1;
/** A named node that may have children: the cursor goes down into it. */
const BRANCH = 2;
/** A node whose children may fill fields: their field is read. */
const FIELD_PARENT = 4;

/** What the walk needs to know of each node type, by type id, read once per language. */
const typeFlags = new WeakMap<Language, Uint8Array>();

function flagsOf(language: Language): Uint8Array {
  let flags = typeFlags.get(language);
  if (flags === undefined) {
    flags = new Uint8Array(language.nodeTypeCount);
    for (let id = 0; id < flags.length; id++) {
      const type = language.types[id];
      if (type === undefined) continue;
      const named = language.nodeTypeIsNamed(id);
      flags[id] =
        (named ? NAMED : 0) |
        (named && !LEAF_TYPES.has(type) ? BRANCH : 0) |
        (FIELD_PARENTS.has(type) ? FIELD_PARENT : 0);
    }
    typeFlags.set(language, flags);
  }
  return flags;
}

/** An error node's id is past the language's own types; what it holds is whatever the parser gave up on. */
const ERROR_FLAGS = NAMED | BRANCH | FIELD_PARENT;

export function copyTree(tree: Tree, walker: WasmTreeWalker): SyntaxNode {
  const { types, fields } = tree.language;
  const flags = flagsOf(tree.language);
  return walker.walk(tree, (cursor) => {
    // The grammar's shape spares the reads that cannot find anything: the field of a child whose parent
    // has none, and the children of a node that never has any.
    const copy = (parent: SyntaxNode | null, parentFlags: number): MutableNode => {
      const typeId = cursor.typeId();
      const nodeFlags = flags[typeId] ?? ERROR_FLAGS;
      const node: MutableNode = {
        type: types[typeId] ?? 'ERROR',
        isNamed: (nodeFlags & NAMED) !== 0,
        field: parentFlags & FIELD_PARENT ? (fields[cursor.fieldId()] ?? null) : null,
        startIndex: cursor.startIndex(),
        endIndex: cursor.endIndex(),
        children: NO_CHILDREN,
        namedChildren: NO_CHILDREN,
        parent,
      };
      if (nodeFlags & BRANCH && cursor.gotoFirstChild()) {
        const children: SyntaxNode[] = [];
        const namedChildren: SyntaxNode[] = [];
        do {
          const child = copy(node, nodeFlags);
          children.push(child);
          if (child.isNamed) namedChildren.push(child);
        } while (cursor.gotoNextSibling());
        cursor.gotoParent();
        node.children = children;
        node.namedChildren = namedChildren;
      }
      return node;
    };
    return copy(null, 0);
  });
}

export function childByField(node: SyntaxNode, field: string): SyntaxNode | undefined {
  return node.children.find((child) => child.field === field);
}

export function childrenByField(node: SyntaxNode, field: string): SyntaxNode[] {
  return node.children.filter((child) => child.field === field);
}
