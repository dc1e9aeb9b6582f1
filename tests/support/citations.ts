/**
 * Citations a fresh clone cannot follow: a document that is not in the repository, or an issue number. A
 * comment cites the repository's own docs/ headings or states its rule in one line (docs/architecture.md,
 * Citations). Pure: the caller says which paths exist.
 */

export interface Citation {
  readonly line: number;
  readonly text: string;
  readonly why: string;
}

const CODE_FILE = /\.(ts|tsx|js|mjs|cjs)$/;

/** Names of the notes the project was written from, none of which a clone has. */
const OUTSIDE_NAMES: readonly RegExp[] = [
  /\bseed §/,
  /\bthe seed's\b/,
  /\bseed pipeline\b/,
  /\bagents-\d{4}-\d{2}\b/,
  /\bfield-\d{4}\b/,
  /\bshared\/(research|seed)\//,
  /(?<![\w/.-])(claude-code|anchors|electron|design)\.md\b/,
];

const MARKDOWN_NAME = /[\w./-]*[\w-]+\.md\b/g;

const ISSUE_NUMBERS: readonly RegExp[] = [/\b[Ii]ssues? #?\d+/, /(?:^|[\s(])#\d{2,3}(?:\.\d+)?\b/];

/** Joins `name` to `folder` the way a reader would follow it; undefined when it climbs out of the repository. */
function resolveInRepository(folder: string, name: string): string | undefined {
  const parts = folder === '' ? [] : folder.split('/');
  for (const part of name.split('/')) {
    if (part === '..') {
      if (parts.length === 0) return undefined;
      parts.pop();
    } else if (part !== '.' && part !== '') {
      parts.push(part);
    }
  }
  return parts.join('/');
}

/** The comment part of a line of code; test data in strings names files that need not exist. */
function commentOf(line: string): string {
  if (/^\s*(\/\*|\*)/.test(line)) return line;
  const slashes = line.indexOf('//');
  return slashes === -1 ? '' : line.slice(slashes);
}

/**
 * The unfollowable citations in one file of the repository, at `path` (relative to its root, with `/`).
 * A Markdown name in a doc or a comment counts as followable when it exists from the root or from the file's
 * own folder. Issue numbers are looked for in code only: a doc may tell its own history.
 */
export function unfollowableCitations(
  path: string,
  text: string,
  exists: (path: string) => boolean,
): Citation[] {
  const folder = path.includes('/') ? path.slice(0, path.lastIndexOf('/')) : '';
  const isCode = CODE_FILE.test(path);
  const found: Citation[] = [];
  text.split('\n').forEach((content, index) => {
    const at = (why: string) => found.push({ line: index + 1, text: content.trim(), why });
    for (const name of OUTSIDE_NAMES)
      if (name.test(content)) at(`names a note outside the repository (${name.source})`);
    for (const [name] of (isCode ? commentOf(content) : content).matchAll(MARKDOWN_NAME)) {
      const candidates = [resolveInRepository('', name), resolveInRepository(folder, name)];
      if (!candidates.some((candidate) => candidate !== undefined && exists(candidate))) {
        at(`cites ${name}, which is not in the repository`);
      }
    }
    if (isCode) for (const issue of ISSUE_NUMBERS) if (issue.test(content)) at('cites an issue number');
  });
  return found;
}
