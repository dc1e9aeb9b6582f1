/** What a tool call shows: the command, the fields of each tool family, the diff (see en.ts). */
export const toolCallEn = {
  'bash.command': 'Command',
  'bash.description': 'What the agent says it does',
  'bash.subcommands': 'Subcommands',
  'bash.allowedBy': 'allowed by {rule}',
  'bash.noRule': 'no rule allows it',
  'bash.readOnly': 'only reads',
  'bash.moreSubcommands': {
    one: '{count} more, allowed or only reading',
    other: '{count} more, allowed or only reading',
  },

  'edit.newFile': 'New file',
  'edit.added': '+{count}',
  'edit.removed': '−{count}',
  'edit.unified': 'Unified',
  'edit.split': 'Split',
  'edit.layout': 'Diff layout',
  'edit.loading': 'Reading the file…',
  'edit.unavailable': 'No diff: {reason}',
  'edit.noChange': 'The file would not change.',
  'edit.diff': 'Changes to {path}',
  'edit.hunk': 'Lines {oldStart}–{oldEnd} → {newStart}–{newEnd}',
  'edit.folded': { one: '⋯ {count} unchanged line', other: '⋯ {count} unchanged lines' },
  'edit.asked': 'What the call replaces, as it asked',

  'fetch.url': 'URL',
  'fetch.domain': 'Domain',
  'fetch.prompt': 'Prompt',

  'mcp.server': 'Server',
  'mcp.tool': 'Tool',
  'mcp.arguments': 'Arguments',
  'mcp.empty': 'no arguments',

  'json.input': 'Tool input',

  'acp.noCommand': 'The agent runs this in a terminal of the editor’s and does not say the command.',
  'acp.moreDiffs': {
    one: 'It changes {count} more file: see the call as sent.',
    other: 'It changes {count} more files: see the call as sent.',
  },
  'acp.locations': 'Files it names',
  'acp.raw': 'The call as the agent sent it',

  'gate.scrollToEnd': 'Scroll to the end before allowing it.',
  'gate.moreLines': {
    one: '{count} more line below: scroll to the end before allowing it.',
    other: '{count} more lines below: scroll to the end before allowing it.',
  },
  'gate.part': 'Part {part} of {count}',
  'gate.unseenChangeParts': {
    one: '{count} part with changes not seen yet: step through it before allowing it.',
    other: '{count} parts with changes not seen yet: step through them before allowing it.',
  },
  'gate.unseenParts': {
    one: '{count} part not seen yet: step through it before allowing it.',
    other: '{count} parts not seen yet: step through them before allowing it.',
  },
  'gate.nextChange': 'Next change',
  'gate.nextPart': 'Next part',
} as const;
