/** An agent as its maker names it. The wire carries a short identifier; people read the product's name. */
const MAKERS_NAMES: Readonly<Record<string, string>> = {
  'claude-code': 'Claude Code',
  codex: 'Codex CLI',
  copilot: 'GitHub Copilot CLI',
  opencode: 'OpenCode',
  // Gemini CLI's ACP mode names itself so in its `initialize`.
  'gemini-cli': 'Gemini CLI',
};

/** "Claude Code", "Codex CLI", "GitHub Copilot CLI"; an ACP or SDK agent by the name it reported itself. */
export function agentLabel(name: string): string {
  return Object.hasOwn(MAKERS_NAMES, name) ? MAKERS_NAMES[name]! : name;
}
