import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { unfollowableCitations } from '../support/citations';

/** Every file a clone has (tracked, or new and not ignored) whose citations a reader follows. */
function repositoryFiles(): string[] {
  const listed = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
    encoding: 'utf8',
  });
  return listed
    .split('\n')
    .filter((path) => /\.(ts|tsx|js|mjs|cjs|md)$/.test(path))
    .filter((path) => existsSync(path));
}

/** The checker and this test spell out the names they look for. */
const SELF = new Set(['tests/support/citations.ts', 'tests/integration/docs-citations.test.ts']);

describe('citations a clone can follow', () => {
  it('finds none that lead outside the repository or to an issue number', () => {
    const found = repositoryFiles()
      .filter((path) => !SELF.has(path))
      .flatMap((path) =>
        unfollowableCitations(path, readFileSync(path, 'utf8'), existsSync).map(
          (citation) => `${path}:${citation.line}: ${citation.why}: ${citation.text}`,
        ),
      );
    expect(found).toEqual([]);
  });

  it('flags a research note, the seed, a bare claude-code.md and an issue number in code', () => {
    const exists = (path: string) => path === 'docs/claude-code.md' || path === 'README.md';
    const text = [
      '/** Wrappers (claude-code.md §3.2). */',
      '// The order of seed §9.3.',
      '// As agents-2026-12.md records.',
      '// The attack of issue 19.4, and #17 too.',
      '// See docs/claude-code.md, 2.1.328 (pinned), and README.md.',
    ].join('\n');
    const lines = unfollowableCitations('engine/bash/x.ts', text, exists).map((citation) => citation.line);
    expect([...new Set(lines)]).toEqual([1, 2, 3, 4]);
  });

  it('follows a Markdown name from the file’s own folder, but not out of the repository', () => {
    const exists = (path: string) => path === 'docs/engine.md';
    expect(unfollowableCitations('docs/architecture.md', 'See [the engine](engine.md).', exists)).toEqual([]);
    expect(unfollowableCitations('docs/claude-code.md', 'From `../shared/notes.md`.', exists)).toHaveLength(
      1,
    );
  });

  it('leaves a doc’s own history and colours alone', () => {
    const exists = () => false;
    expect(unfollowableCitations('docs/security.md', 'The list follows issue 19.', exists)).toEqual([]);
    expect(unfollowableCitations('renderer/a.tsx', "const red = '#123';", exists)).toEqual([]);
  });
});
