/**
 * A plain JavaScript copy of a tree-sitter tree. Every property read on a web-tree-sitter node crosses into
 * WebAssembly, and the analyser reads each node several times; one cursor walk that copies what it needs
 * makes the analysis cost about one crossing per property per node, and keeps the rest of engine/bash free
 * of the WebAssembly API.
 */
import type { Language, Tree } from 'web-tree-sitter';
import { FIELD_PARENTS, LEAF_TYPES } from './grammar-shape';

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

const namedTypes = new WeakMap<Language, Map<number, boolean>>();

export function copyTree(tree: Tree): SyntaxNode {
  const { language } = tree;
  let named = namedTypes.get(language);
  if (named === undefined) {
    named = new Map();
    namedTypes.set(language, named);
  }
  const isNamed = (typeId: number): boolean => {
    let value = named.get(typeId);
    if (value === undefined) {
      value = language.nodeTypeIsNamed(typeId);
      named.set(typeId, value);
    }
    return value;
  };

  const cursor = tree.walk();
  try {
    // The grammar's shape spares the reads that cannot find anything: the field of a child whose parent
    // has none, and the children of a node that never has any.
    const copy = (parent: SyntaxNode | null): MutableNode => {
      const typeId = cursor.nodeTypeId;
      const type = language.types[typeId] ?? 'ERROR';
      const named = isNamed(typeId);
      const node: MutableNode = {
        type,
        isNamed: named,
        field:
          parent !== null && FIELD_PARENTS.has(parent.type)
            ? (language.fields[cursor.currentFieldId] ?? null)
            : null,
        startIndex: cursor.startIndex,
        endIndex: cursor.endIndex,
        children: NO_CHILDREN,
        namedChildren: NO_CHILDREN,
        parent,
      };
      if (named && !LEAF_TYPES.has(type) && cursor.gotoFirstChild()) {
        const children: SyntaxNode[] = [];
        const namedChildren: SyntaxNode[] = [];
        do {
          const child = copy(node);
          children.push(child);
          if (child.isNamed) namedChildren.push(child);
        } while (cursor.gotoNextSibling());
        cursor.gotoParent();
        node.children = children;
        node.namedChildren = namedChildren;
      }
      return node;
    };
    return copy(null);
  } finally {
    cursor.delete();
  }
}

export function childByField(node: SyntaxNode, field: string): SyntaxNode | undefined {
  return node.children.find((child) => child.field === field);
}

export function childrenByField(node: SyntaxNode, field: string): SyntaxNode[] {
  return node.children.filter((child) => child.field === field);
}
