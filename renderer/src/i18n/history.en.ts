/** The history browser's sentences (see en.ts for the conventions). */
export const historyEn = {
  'history.title': 'History',
} as const;
