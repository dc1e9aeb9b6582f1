/** Programs whose input or arguments say what else runs: the rule warnings and the danger analysis share them. */

/** Shells and interpreters: given no arguments, they run the program on their input. */
export const READS_PROGRAM_FROM_INPUT = [
  'bash',
  'sh',
  'zsh',
  'fish',
  'python',
  'python3',
  'node',
  'deno',
  'bun',
  'ruby',
  'perl',
  'php',
  'pwsh',
  'powershell',
] as const;
export const READS_PROGRAM_FROM_INPUT_SET: ReadonlySet<string> = new Set(READS_PROGRAM_FROM_INPUT);

/** Commands that fetch or send anything the arguments name, and write it anywhere. */
export const DOWNLOADERS = ['curl', 'wget', 'aria2c'] as const;
