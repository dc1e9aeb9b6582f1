import type { Migration } from './migration';

/**
 * Full-text search over what a tool call touches: commands, paths, URLs, patterns and queries, wherever
 * they sit in the input (json_tree also reaches MCP tools that nest their arguments). Contentless, because
 * the text is already in `requests.input`; `contentless_delete` so that purging old requests can remove
 * their terms. Triggers keep it in step with `requests`, so no writer can forget it.
 *
 * The key list is spelled out in each statement rather than shared, so this shipped migration never changes
 * when a later one widens the list.
 */
export const searchIndex: Migration = {
  version: 2,
  name: 'search',
  sql: `
    CREATE VIRTUAL TABLE request_text USING fts5 (text, content = '', contentless_delete = 1);

    CREATE TRIGGER request_text_insert AFTER INSERT ON requests BEGIN
      INSERT INTO request_text (rowid, text)
        SELECT new.rowid, group_concat(value, char(10)) FROM json_tree(new.input)
        WHERE type = 'text' AND key IN ('command', 'file_path', 'notebook_path', 'path', 'pattern', 'url', 'query')
        HAVING count(*) > 0;
    END;

    CREATE TRIGGER request_text_delete AFTER DELETE ON requests BEGIN
      DELETE FROM request_text WHERE rowid = old.rowid;
    END;

    -- Requests recorded before this version.
    INSERT INTO request_text (rowid, text)
      SELECT requests.rowid, group_concat(tree.value, char(10))
      FROM requests, json_tree(requests.input) AS tree
      WHERE tree.type = 'text'
        AND tree.key IN ('command', 'file_path', 'notebook_path', 'path', 'pattern', 'url', 'query')
      GROUP BY requests.rowid;
  `,
};
