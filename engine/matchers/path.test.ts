import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import type { RuleBehavior } from '../types';
import { compilePathPattern } from './path';

const anchors = { cwd: '/work/project', home: '/home/dev', anchorDir: '/work/project' };
const matches = (
  pattern: string,
  path: string,
  behavior: RuleBehavior = 'deny',
  anchorDir = anchors.anchorDir,
) => {
  const compiled = compilePathPattern(pattern, behavior, { ...anchors, anchorDir });
  if (!compiled.ok) throw new Error(compiled.error);
  return compiled.matcher.matches(path);
};

describe('path rules', () => {
  it.each([
    // `//path` is absolute from the root.
    ['//Users/alice/secrets/**', '/Users/alice/secrets/key.pem', true],
    ['//Users/alice/secrets/**', '/work/project/Users/alice/secrets/key.pem', false],
    // `~/path` is under the home folder.
    ['~/Documents/*.pdf', '/home/dev/Documents/cv.pdf', true],
    ['~/Documents/*.pdf', '/home/dev/Documents/old/cv.pdf', false],
    // `/path` is under the source's anchor, not the root.
    ['/src/**/*.ts', '/work/project/src/a/b.ts', true],
    ['/src/**/*.ts', '/src/a/b.ts', false],
    // `./path` and `path` are under the cwd.
    ['./.env', '/work/project/.env', true],
    ['./.env', '/work/project/sub/.env', false],
    // A bare file name matches at any depth: `.env` = `**/.env`.
    ['.env', '/work/project/.env', true],
    ['.env', '/work/project/a/b/.env', true],
    ['.env', '/elsewhere/.env', false],
    ['*.env', '/work/project/config/prod.env', true],
    // `*` stays in one segment, `**` crosses them.
    ['src/*.ts', '/work/project/src/a.ts', true],
    ['src/*.ts', '/work/project/src/a/b.ts', false],
    ['src/**/*.ts', '/work/project/src/a/b.ts', true],
    // A path under a matched folder matches, as in git.
    ['secrets', '/work/project/secrets/k', true],
  ])('%s against %s: %s', (pattern, path, expected) => {
    expect(matches(pattern, path)).toBe(expected);
  });

  it('reads a single-segment src/** as cwd-only for allow but any depth for deny and ask', () => {
    expect(matches('src/**', '/work/project/src/a.ts', 'allow')).toBe(true);
    expect(matches('src/**', '/work/project/pkg/src/a.ts', 'allow')).toBe(false);
    expect(matches('src/**', '/work/project/pkg/src/a.ts', 'deny')).toBe(true);
    expect(matches('src/**', '/work/project/pkg/src/a.ts', 'ask')).toBe(true);
  });

  it('anchors `/path` at the source: user settings at ~/.claude', () => {
    expect(matches('/agents/**', '/home/dev/.claude/agents/x.md', 'deny', '/home/dev/.claude')).toBe(true);
    expect(matches('/agents/**', '/work/project/agents/x.md', 'deny', '/home/dev/.claude')).toBe(false);
  });

  it.each([
    ['!keep.txt', /starts with "!"/],
    ['#notes', /gitignore reads as a comment/],
    ['~', /write "~\/\*\*"/],
    ['/', /names a folder but no files/],
  ])('refuses %s', (pattern, error) => {
    const compiled = compilePathPattern(pattern, 'deny', anchors);
    expect(compiled.ok).toBe(false);
    if (!compiled.ok) expect(compiled.error).toMatch(error);
  });
});

describe('the path matcher against git check-ignore --no-index', () => {
  const repo = mkdtempSync(join(tmpdir(), 'gatehouse-gitignore-'));
  execFileSync('git', ['init', '-q', repo]);
  afterAll(() => rmSync(repo, { recursive: true, force: true }));

  const segment = fc.constantFrom('a', 'b', 'src', 'x.ts', 'y.js', '.env', '*', '*.ts', 'a*', '?', '**');
  const pattern = fc
    .tuple(fc.boolean(), fc.array(segment, { minLength: 1, maxLength: 3 }), fc.constantFrom('', '/**'))
    .map(([anchored, segments, tail]) => `${anchored ? '/' : ''}${segments.join('/')}${tail}`)
    .filter((p) => p !== '/**');
  const pathSegment = fc.constantFrom('a', 'b', 'src', 'x.ts', 'y.js', '.env', 'ab', 'c.ts');
  const paths = fc.uniqueArray(
    fc.array(pathSegment, { minLength: 1, maxLength: 4 }).map((s) => s.join('/')),
    { minLength: 20, maxLength: 20 },
  );
  const cases = fc.sample(fc.tuple(pattern, paths), { numRuns: 150, seed: 20_251_201 });

  it.each(cases.map(([p, ps], i) => [i, p, ps] as const))('case %i: %s', (_i, gitPattern, relPaths) => {
    writeFileSync(join(repo, '.gitignore'), `${gitPattern}\n`);
    // check-ignore exits 1 when nothing matched, which is an answer, not a failure.
    const run = spawnSync('git', ['-C', repo, 'check-ignore', '--no-index', '--stdin', '-v', '-n'], {
      input: relPaths.join('\n') + '\n',
      encoding: 'utf8',
    });
    expect(run.status === 0 || run.status === 1, run.stderr).toBe(true);
    const out = run.stdout;
    const git = new Map(
      out
        .trim()
        .split('\n')
        .map((line) => {
          const [source, path] = line.split('\t');
          return [path!, source !== '::'] as const;
        }),
    );
    const compiled = compilePathPattern(gitPattern, 'allow', {
      cwd: repo,
      home: '/home/dev',
      anchorDir: repo,
    });
    if (!compiled.ok) throw new Error(compiled.error);
    for (const rel of relPaths) {
      expect([rel, compiled.matcher.matches(`${repo}/${rel}`)]).toEqual([rel, git.get(rel)]);
    }
  });
});

describe('Windows drive paths in rules', () => {
  it('reads C:\\ and C:/ as the /c/ form file paths are normalized to', () => {
    expect(matches('C:\\Users\\alice\\**', '/c/Users/alice/a.txt')).toBe(true);
    expect(matches('C:/Users/alice/**', '/c/Users/alice/a.txt')).toBe(true);
    expect(matches('C:/Users/alice/**', '/c/Users/bob/a.txt')).toBe(false);
  });
});
