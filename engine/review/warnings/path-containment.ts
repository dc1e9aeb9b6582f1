/**
 * "Does path rule A only ever match paths that rule B matches too?", for the one shape where that is easy
 * to prove: B is a folder followed by `**` and A names, by literal folders, a place inside it. Anything else
 * (character classes, `?`, unanchored names that match at any depth) is answered "not proven".
 */
import type { PathMatcher } from '../../matchers/path';
import { relativeInside } from '../../paths/posix';

/** A segment gitignore reads as itself: no wildcard, class, escape, negation or trimmed whitespace. */
const LITERAL_SEGMENT = /^[^*?[\]\\!\s]+$/;

export function pathPatternContains(inner: PathMatcher, outer: PathMatcher): boolean {
  const folder = outerFolder(outer);
  const place = innerPlace(inner);
  if (folder === undefined || place === undefined) return false;
  // The root is compared exactly: the matcher finds a path's place under it case-sensitively, so the rule
  // whose root is deeper must still have its root inside the other's.
  const rootRest = relativeInside(outer.root, inner.root);
  if (rootRest === undefined) return false;
  const literal = [...(rootRest === '' ? [] : rootRest.split('/')), ...place.literal];
  if (folder.some((segment, i) => literal[i] !== segment)) return false;
  // Every match lies under the literal folder, and strictly under `folder` unless that is the same one and
  // the rule goes one segment further (B's `**` matches only what is inside its folder).
  return literal.length > folder.length || place.deeper;
}

/**
 * The folder B covers everything under, as segments below its root: `/a/b/**`, `a/b/**` (a middle slash
 * anchors in gitignore), `**\/a/**` (which includes the root-level `a`) and `**` itself.
 */
function outerFolder(matcher: PathMatcher): readonly string[] | undefined {
  const body = matcher.pattern.replace(/^\/|^\*\*\//, '');
  const segments = body.split('/');
  if (segments.pop() !== '**') return undefined;
  return segments.every((s) => LITERAL_SEGMENT.test(s) && s !== '.' && s !== '..') ? segments : undefined;
}

/**
 * An anchored A's leading literal segments, and whether any pattern segment follows them. Every path A
 * matches lies under its root plus those segments, at least one segment deeper when `deeper`.
 */
function innerPlace(matcher: PathMatcher): { literal: readonly string[]; deeper: boolean } | undefined {
  if (!matcher.pattern.startsWith('/')) return undefined;
  const segments = matcher.pattern.slice(1).split('/');
  if (segments.some((s) => s === '' || s === '.' || s === '..' || /\s/.test(s))) return undefined;
  const firstPattern = segments.findIndex((s) => !LITERAL_SEGMENT.test(s));
  const count = firstPattern === -1 ? segments.length : firstPattern;
  return { literal: segments.slice(0, count), deeper: count < segments.length };
}
