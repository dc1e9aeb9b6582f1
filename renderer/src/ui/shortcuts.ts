/** The console's keyboard commands and the keys the sheet and the buttons show for each. */
export type Command =
  | 'next'
  | 'previous'
  | 'allow'
  | 'grant'
  | 'always'
  | 'deny'
  | 'denyWithMessage'
  | 'edit'
  | 'select'
  | 'nextPart'
  | 'help'
  | 'escape';

/** The sheet lists these, in this order, with the keys that trigger each. */
export const SHORTCUTS: ReadonlyArray<{ readonly command: Command; readonly keys: readonly string[] }> = [
  { command: 'next', keys: ['j', '↓'] },
  { command: 'previous', keys: ['k', '↑'] },
  { command: 'allow', keys: ['a'] },
  { command: 'grant', keys: ['t'] },
  { command: 'always', keys: ['Shift', 'a'] },
  { command: 'deny', keys: ['d'] },
  { command: 'denyWithMessage', keys: ['Shift', 'd'] },
  { command: 'edit', keys: ['e'] },
  { command: 'select', keys: ['x'] },
  { command: 'nextPart', keys: ['n'] },
  { command: 'help', keys: ['?'] },
  { command: 'escape', keys: ['Esc'] },
];
