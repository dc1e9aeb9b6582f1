/** The Suggestions view's sentences, and the switch in Settings that turns it off. */
export const suggestionsEn = {
  'suggestions.title': 'Suggestions',
  'suggestions.intro':
    'Rules proposed from what you allowed in one project: at least {allows} allows and no deny within {days} days, or the same timed grant made in {sessions} sessions. Nothing is saved until you apply it.',
  'suggestions.off': 'Suggestions are off. Turn them on in Settings.',
  'suggestions.noHistory': 'This console keeps no history, so it has nothing to learn from.',
  'suggestions.none': 'No suggestions now. They appear here when you keep allowing the same kind of call.',
  'suggestions.folder': 'Project {folder}',
  'suggestions.savedIn': 'Would be saved in {file} (this project’s local settings, read only by you).',
  'suggestions.why.allows': {
    one: 'You allowed such a call {count} time in the last {days} days, and denied none.',
    other: 'You allowed such calls {count} times in the last {days} days, and denied none.',
  },
  'suggestions.why.grants': {
    one: 'You made this grant again in {count} session in the last {days} days, and denied none.',
    other: 'You made this grant again in {count} sessions in the last {days} days, and denied none.',
  },
  'suggestions.answered': 'It would have answered {answered} of the last {examined} questions here.',
  'suggestions.alsoAllows': {
    one: 'It would also have allowed this past request:',
    other: 'It would also have allowed these {count} past requests:',
  },
  'suggestions.outcome.allow': 'Allowed',
  'suggestions.outcome.deny': 'Denied',
  'suggestions.outcome.passthrough': 'Answered in the agent',
  'suggestions.outcome.pending': 'Not answered',
  'suggestions.apply': 'Apply',
  'suggestions.edit': 'Edit…',
  'suggestions.dismiss': 'Dismiss',
  'suggestions.applied': 'Saved {rule} in {file}: Claude Code no longer asks about such calls here.',
  'suggestions.label': 'Suggested rule {rule}',

  'proposals.setting.title': 'Suggest rules from what I allow',
  'proposals.setting.sentence':
    'When you keep allowing the same kind of call in a project, Gatehouse proposes a rule under Suggestions; nothing changes until you apply it. Never for a dangerous call, a protected path, a shell or interpreter, or a broad pattern.',
  'proposals.setting.on': 'Suggest rules',
} as const;
