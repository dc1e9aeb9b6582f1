/**
 * Read/Edit path rules, gitignore-style (docs/engine.md, Matching, per tool family). A rule's content names a
 * root and a gitignore pattern under it:
 *
 *   `//abs/**`  → root `/`,                pattern `/abs/**`
 *   `~/x`       → root the home folder,    pattern `/x`
 *   `/x`        → root the rule's source anchor (project root, cwd, ~/.claude, ...), pattern `/x`
 *   `./x`       → root cwd,                pattern `/x`
 *   `x`         → root cwd,                pattern `x` (so a bare name matches at any depth, as in git)
 *
 * The pattern itself is matched by the `ignore` package, which follows `git check-ignore` (the differential
 * test in path.test.ts holds it to that), including "a path under a matched folder matches".
 */
import ignore from 'ignore';
import type { RuleBehavior } from '../types';
import { phrase, type Phrase, type PhraseCode } from '../explain/phrases';
import { normalizeAbsolute, relativeInside, toPosixPath } from '../paths/posix';

export interface PathAnchors {
  readonly cwd: string;
  readonly home: string;
  /** Where `/x` patterns of this rule's source start. */
  readonly anchorDir: string;
}

export interface PathMatcher {
  readonly root: string;
  readonly pattern: string;
  /** Whether an absolute, normalized path matches. */
  matches(path: string): boolean;
}

export type PathCompileResult =
  | { readonly ok: true; readonly matcher: PathMatcher }
  | { readonly ok: false; readonly error: string; readonly errorPhrase: Phrase };

function failed(code: PhraseCode, content: string): PathCompileResult {
  const said = phrase(code, { pattern: { literal: content } });
  return { ok: false, error: said.message, errorPhrase: said.phrase };
}

export function compilePathPattern(
  content: string,
  behavior: RuleBehavior,
  anchors: PathAnchors,
): PathCompileResult {
  if (content.startsWith('!')) return failed('pathPattern.negated', content);
  if (content.startsWith('#')) return failed('pathPattern.comment', content);
  if (content === '~') return failed('pathPattern.home', content);

  let root: string;
  let pattern: string;
  if (/^[A-Za-z]:[\\/]/.test(content)) {
    // A Windows absolute path: the form file paths are normalized to, `/c/Users/...` (docs/engine.md,
    // Matching, per tool family).
    root = '/';
    pattern = toPosixPath(content);
  } else if (content.startsWith('//')) {
    root = '/';
    pattern = content.slice(1);
  } else if (content.startsWith('~/')) {
    root = anchors.home;
    pattern = content.slice(1);
  } else if (content.startsWith('/')) {
    root = anchors.anchorDir;
    pattern = content;
  } else if (content.startsWith('./')) {
    root = anchors.cwd;
    pattern = content.slice(1);
  } else {
    root = anchors.cwd;
    // A single-segment `src/**` is `<cwd>/src/**` for allow, but any-depth for deny and
    // ask, so a deny cannot be dodged by reaching the same folder deeper down.
    pattern = behavior !== 'allow' && /^[^/*]+\/\*\*$/.test(content) ? `**/${content}` : content;
  }
  root = normalizeAbsolute(toPosixPath(root));
  if (pattern === '/' || pattern === '') {
    return failed('pathPattern.folderOnly', content);
  }
  const ig = ignore().add(pattern);
  return {
    ok: true,
    matcher: {
      root,
      pattern,
      matches(path) {
        const rel = relativeInside(root, path);
        return rel !== undefined && rel !== '' && ig.ignores(rel);
      },
    },
  };
}
