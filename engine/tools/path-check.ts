/**
 * Read and edit permission for one path, shared by the Read and edit families and by Bash (its redirect
 * targets and file arguments). Symlinks (docs/engine.md, Matching, per tool family): a deny or ask applies
 * when the link or its target matches; an allow, and being inside the working folders, need both.
 */
import { isInside, normalizeAbsolute, toPosixPath } from '../paths/posix';
import type { CompiledRule } from '../rules/compile';
import type { RuleBehavior } from '../types';
import { protectedPathOf, type ProtectedPath } from '../safety/protected-paths';
import { firstMatching } from './rule-eval';
import type { CheckEnv } from './types';

export type PathVerdict =
  | { readonly kind: 'deny'; readonly rule: CompiledRule }
  | { readonly kind: 'ask'; readonly rule: CompiledRule }
  | { readonly kind: 'protected'; readonly protectedPath: ProtectedPath }
  | { readonly kind: 'allow'; readonly rule: CompiledRule }
  | { readonly kind: 'inside' }
  | { readonly kind: 'outside' };

export type PathAccess = 'read' | 'edit';

/**
 * The link and, when different, its target. A path whose only link is a working folder itself (a cwd
 * under a symlinked /tmp, as on macOS) is one file in one place, not a link to somewhere else.
 */
export function candidatesOf(env: CheckEnv, path: string): readonly string[] {
  const real = realOf(env, path);
  if (real === undefined || real === path) return [path];
  for (const dir of env.workingDirectories) {
    const realDir = realOf(env, dir);
    if (
      realDir !== undefined &&
      realDir !== dir &&
      isInside(dir, path) &&
      real === normalizeAbsolute(realDir + path.slice(dir.length))
    ) {
      return [path];
    }
  }
  return [path, real];
}

function realOf(env: CheckEnv, path: string): string | undefined {
  const resolved = env.realpath?.(path);
  return resolved === undefined ? undefined : normalizeAbsolute(toPosixPath(resolved));
}

export function pathRuleMatches(rule: CompiledRule, candidates: readonly string[]): boolean {
  if (rule.content?.kind !== 'path') return false;
  const matcher = rule.content.matcher;
  return rule.ref.behavior === 'allow'
    ? candidates.every((p) => matcher.matches(p))
    : candidates.some((p) => matcher.matches(p));
}

export function checkPath(env: CheckEnv, path: string, access: PathAccess): PathVerdict {
  const candidates = candidatesOf(env, path);
  const first = (behavior: RuleBehavior, toolName: 'Read' | 'Edit') =>
    firstMatching(env, behavior, toolName, (rule) => pathRuleMatches(rule, candidates));
  const ruleTool = access === 'read' ? 'Read' : 'Edit';

  const deny = first('deny', ruleTool) ?? (access === 'edit' ? first('deny', 'Read') : undefined);
  if (deny) return { kind: 'deny', rule: deny };
  const ask = first('ask', ruleTool);
  if (ask) return { kind: 'ask', rule: ask };
  if (access === 'edit') {
    for (const candidate of candidates) {
      const protectedPath = protectedPathOf(candidate);
      if (protectedPath) return { kind: 'protected', protectedPath };
    }
  }
  // An allow must cover the link and its target, possibly by different rules.
  const allows = candidates.map((p) =>
    firstMatching(env, 'allow', ruleTool, (rule) => pathRuleMatches(rule, [p])),
  );
  const allow = allows[0];
  if (allow && allows.every((rule) => rule !== undefined)) return { kind: 'allow', rule: allow };
  const inside = candidates.every((p) => env.workingDirectories.some((dir) => isInside(dir, p)));
  return inside ? { kind: 'inside' } : { kind: 'outside' };
}
