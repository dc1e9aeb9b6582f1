import type { PermissionDecision } from '../../client/sdk/index';

/** What every racer of the example claims with: the console's decision fits, and so does the terminal's. */
export type Answer = Pick<PermissionDecision, 'behavior' | 'message'>;
