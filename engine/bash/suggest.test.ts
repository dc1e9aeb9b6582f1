import { describe, expect, it } from 'vitest';
import { matchCommand } from './compound';
import { installedBashWasmPaths } from '../node/bash-wasm';
import { loadBashAnalyzer } from './parser';
import { isReadOnlyCommand } from './read-only';
import { splitForSuggestion } from './suggest';

const analyzer = await loadBashAnalyzer(installedBashWasmPaths());
const suggest = (command: string) => splitForSuggestion(analyzer.analyze(command));

describe('splitForSuggestion', () => {
  it.each([
    ['a two-word tool', 'git commit -m "x"', ['git commit *']],
    ['a two-word tool without a subcommand', 'git', ['git']],
    ['a flag where the subcommand would be', 'git -C sub commit', ['git -C sub commit']],
    ['npm', 'npm install left-pad', ['npm install *']],
    ['cargo', 'cargo build --release', ['cargo build *']],
    ['docker', 'docker build -t x .', ['docker build *']],
    ['kubectl', 'kubectl apply -f k.yaml', ['kubectl apply *']],
    ['a script runner', 'npm run build -- --watch', ['npm run build *']],
    ['docker compose', 'docker compose up -d', ['docker compose up *']],
    ['a one-word tool', 'pytest -x tests', ['pytest *']],
    ['a tool that runs anything', 'python3 script.py', ['python3 script.py']],
    ['a destructive command, never its prefix', 'rm -rf node_modules', ['rm -rf node_modules']],
    ['a destructive command with a glob, kept literal', 'rm -f *.log', ['rm -f \\*.log']],
    ['a destructive git subcommand', 'git push --force origin main', ['git push --force origin main']],
    ['kill', 'kill -9 4242', ['kill -9 4242']],
    ['npx', 'npx vitest run', ['npx vitest run']],
    ['docker exec', 'docker exec app sh', ['docker exec app sh']],
    ['devbox run', 'devbox run make', ['devbox run make']],
    ['an unsafe assignment', 'PATH=/x make', ['PATH=/x make']],
    ['a safe assignment', 'NODE_ENV=test jest', ['jest *']],
    ['a wrapper', 'timeout 60 make test', ['make test *']],
    ['a dynamic command name', '$EDITOR f', ['$EDITOR f']],
    ['a star in an exact rule is escaped', 'python3 -c "print(1*2)"', ['python3 -c print(1\\*2)']],
    ['a backslash in an exact rule is escaped', "sh -c 'a\\b'", ['sh -c a\\\\b']],
    [
      'a compound, one rule per part',
      'npm install && npm test && pytest',
      ['npm install *', 'npm test *', 'pytest *'],
    ],
    ['duplicates once', 'cargo build; cargo build --release', ['cargo build *']],
    ['read-only parts need no rule', 'cd app && ls && npm test', ['npm test *']],
    ['a read-only line needs none', 'git status && ls', []],
  ])('%s', (_name, command, expected) => {
    expect(suggest(command)).toEqual(expected);
  });

  it('offers at most five rules', () => {
    expect(suggest('a1; a2; a3; a4; a5; a6; a7')).toEqual(['a1 *', 'a2 *', 'a3 *', 'a4 *', 'a5 *']);
  });

  it.each([
    ['a substitution', 'make $(id)'],
    ['backticks', 'make `id`'],
    ['eval', 'eval make'],
    ['watch', 'watch make'],
    ['find -delete', 'find . -delete'],
    ['an unparseable line', 'make "'],
    ['a too-long line', `make ${'a'.repeat(10_000)}`],
  ])('offers nothing for %s, which no prefix rule can approve', (_name, command) => {
    expect(suggest(command)).toEqual([]);
  });

  it.each([
    'git commit -m "fix: x*y" && npm run build',
    'NODE_ENV=test timeout 5 npm test -- --watch',
    'PATH=/x make all; python3 -c "print(\\"a\\")"',
    'cargo build && ./target/debug/app --flag=1',
    "docker compose up -d && sh -c 'echo \\*'",
    'ls | xargs grep -l TODO | xargs wc -l',
  ])('every suggestion approves the part it came from: %s', (command) => {
    const analysis = analyzer.analyze(command);
    const rules = splitForSuggestion(analysis);
    if (!analysis.ok) throw new Error(analysis.message);
    for (const sub of analysis.subcommands) {
      const alone = { ...analysis, subcommands: [sub] };
      expect(isReadOnlyCommand(sub) || rules.some((rule) => matchCommand(alone, rule, 'allow'))).toBe(true);
    }
  });
});
