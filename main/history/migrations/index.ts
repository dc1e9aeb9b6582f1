import { coreSchema } from './001-core';
import { searchIndex } from './002-search';
import { browseIndexes } from './003-browse';
import { deferredSearch } from './004-deferred-search';
import { leanerWrites } from './005-leaner-writes';
import { turns } from './006-turns';
import { notTaken } from './007-not-taken';
import { sessionEnds } from './008-session-ends';
import { handedBack } from './009-handed-back';
import { editorAnswers } from './010-editor-answers';
import { proposals } from './011-proposals';
import { activity } from './012-activity';
import { activityScale } from './013-activity-scale';
import { deferredActivitySearch } from './014-deferred-activity-search';
import { retryGrants } from './015-retry-grants';
import { activityTextSpans } from './016-activity-text-spans';
import type { Migration } from './migration';

export type { Migration } from './migration';

/** Every schema step in order; the last one's version is the schema this build writes. */
export const MIGRATIONS: readonly Migration[] = [
  coreSchema,
  searchIndex,
  browseIndexes,
  deferredSearch,
  leanerWrites,
  turns,
  notTaken,
  sessionEnds,
  handedBack,
  editorAnswers,
  proposals,
  activity,
  activityScale,
  deferredActivitySearch,
  retryGrants,
];

/**
 * The activity file's schema (main/history/activity-database.ts): the agents' calls moved out of the history
 * file, whose steps 012 to 014 made their tables; the same steps make them in the file of their own, and
 * 016 (the file's alone) splits their search terms by span of call ids.
 */
export const ACTIVITY_MIGRATIONS: readonly Migration[] = [
  activity,
  activityScale,
  deferredActivitySearch,
  activityTextSpans,
];
