import type { Migration } from './migration';

/**
 * What became of the one-shot grant a person's allow of a classifier refusal leaves on the refused call
 * (main/rules/retry-grants.ts), kept on the refusal's decision: until when it could be used, and when and
 * how it was. Unused past `retry_until` is expired, so an expiry needs no write of its own. Claude Code's
 * PreToolUse hook names the retried call by its `tool_use_id`, which is how the agent's own telemetry names
 * it too, so the activity view finds the refusal from the call through the partial index. Nullable, so
 * every earlier row reads as no grant.
 */
export const retryGrants: Migration = {
  version: 15,
  name: 'retry-grants',
  sql: `
    ALTER TABLE decisions ADD COLUMN retry_until INTEGER;
    ALTER TABLE decisions ADD COLUMN retry_used_at INTEGER;
    -- hook: Claude Code's PreToolUse hook asked; question: the retried call came to Gatehouse as a question.
    ALTER TABLE decisions ADD COLUMN retry_used_by TEXT
      CHECK (retry_used_by IS NULL OR retry_used_by IN ('hook', 'question'));
    ALTER TABLE decisions ADD COLUMN retry_call_id TEXT;
    CREATE INDEX decisions_by_retry_call ON decisions (retry_call_id) WHERE retry_call_id IS NOT NULL;
  `,
};
