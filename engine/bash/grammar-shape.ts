/**
 * The grammar's tree shapes, so syntax-tree.ts makes fewer WebAssembly calls (with wasm-cursor.ts, half the
 * analysis, for the engine's 50 µs bound); grammar-shape.test.ts holds them to the installed grammar.
 */

/** Named node types that never have children. Anonymous nodes (the grammar's tokens) never do either. */
export const LEAF_TYPES: ReadonlySet<string> = new Set([
  'ansi_c_string',
  'comment',
  'extglob_pattern',
  'file_descriptor',
  'heredoc_content',
  'heredoc_end',
  'heredoc_start',
  'raw_string',
  'regex',
  'special_variable_name',
  'string_content',
  'test_operator',
  'variable_name',
  'word',
]);

/** Node types whose children may fill a field; the children of every other node fill none. */
export const FIELD_PARENTS: ReadonlySet<string> = new Set([
  'binary_expression',
  'c_style_for_statement',
  'case_item',
  'case_statement',
  'command',
  'command_substitution',
  'expansion',
  'file_redirect',
  'for_statement',
  'function_definition',
  'heredoc_redirect',
  'herestring_redirect',
  'if_statement',
  'postfix_expression',
  'redirected_statement',
  'subscript',
  'ternary_expression',
  'unary_expression',
  'variable_assignment',
  'while_statement',
]);
