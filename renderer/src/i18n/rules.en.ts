/** The rule editor's sentences (see en.ts for the conventions). */
export const rulesEn = {
  'rules.title': 'Rules',
} as const;
