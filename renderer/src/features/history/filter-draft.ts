/** What the filter bar holds as typed, and the filter it stands for. */
import type { HistoryFilter } from '../../../../common/history-contract';
import { HISTORY_TEXT_MAX, requestOutcomes } from '../../../../common/history-contract';
import { racerKinds } from '../../../../common/protocol';
import type { RacerKind } from '../../../../common/protocol';
import { dayEnd, dayStart } from './history-format';

export interface FilterDraft {
  readonly text: string;
  readonly tool: string;
  readonly project: string;
  readonly outcome: '' | (typeof requestOutcomes)[number];
  readonly decidedBy: '' | RacerKind;
  /** `YYYY-MM-DD` as a date field gives it, or blank. */
  readonly from: string;
  readonly to: string;
}

export const EMPTY_DRAFT: FilterDraft = {
  text: '',
  tool: '',
  project: '',
  outcome: '',
  decidedBy: '',
  from: '',
  to: '',
};

export const draftIsBlank = (draft: FilterDraft) =>
  Object.values(draft).every((value) => value.trim() === '');

export const outcomeChoices = requestOutcomes;
export const racerChoices = racerKinds;

export type DraftReading = { readonly filter: HistoryFilter } | { readonly error: 'range' };

/** The filter a draft stands for: blank fields select everything, a day range covers both whole days. */
export function readDraft(draft: FilterDraft): DraftReading {
  const from = dayStart(draft.from);
  const to = dayEnd(draft.to);
  if (from !== undefined && to !== undefined && from > to) return { error: 'range' };
  const text = draft.text.trim().slice(0, HISTORY_TEXT_MAX);
  const tool = draft.tool.trim();
  const project = draft.project.trim();
  return {
    filter: {
      ...(text ? { text } : {}),
      ...(tool ? { tool } : {}),
      ...(project ? { project } : {}),
      ...(draft.outcome ? { outcome: draft.outcome } : {}),
      ...(draft.decidedBy ? { decidedBy: draft.decidedBy } : {}),
      ...(from !== undefined ? { from } : {}),
      ...(to !== undefined ? { to } : {}),
    },
  };
}
