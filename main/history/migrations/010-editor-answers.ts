import type { Migration } from './migration';

/**
 * What the agent's own side did, when it settled a request: the request's own option the decision chose
 * (ACP: clicked in the editor, or on the card), with the kind and name the agent gave it, since history
 * keeps no request's options; and, for a request the agent withdrew unanswered, what ended the wait (its
 * turn was cancelled, or it exited). Nullable, so older rows read as before: no option, no end said.
 */
export const editorAnswers: Migration = {
  version: 10,
  name: 'editor-answers',
  sql: `
    ALTER TABLE decisions ADD COLUMN option_id TEXT;
    ALTER TABLE decisions ADD COLUMN option_kind TEXT
      CHECK (option_kind IS NULL OR option_kind IN ('allow_once', 'allow_always', 'reject_once', 'reject_always'));
    ALTER TABLE decisions ADD COLUMN option_name TEXT;
    ALTER TABLE decisions ADD COLUMN agent_end TEXT
      CHECK (agent_end IS NULL OR (agent_end IN ('turn-cancelled', 'agent-exited') AND behavior = 'passthrough'));
  `,
};
