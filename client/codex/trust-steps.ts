/** What a person must do before Codex runs the hooks `gatehouse install codex` wrote. */
import { codexConfigPath } from './codex-location';
import type { CodexTarget } from './codex-target';

export function trustSteps(target: CodexTarget): string {
  const project = target.scope === 'project';
  return [
    'Codex runs a new or changed hook only after you trust it, and "codex exec" skips untrusted hooks without a word. To trust these:',
    `  1. Run "codex" in a terminal${project ? ` in ${target.place.cwd}` : ''}; it stops at "Hooks need review".`,
    `  2. Review Gatehouse's hooks (each runs "gatehouse-hook.cjs hook codex <event>" from ${target.path}) and trust every one.`,
    ...(project
      ? [
          `  3. Trust the project: at "Trust this folder?" choose "Trust and continue". Codex runs a project's hooks and reads its config only once ${codexConfigPath(target.place)} has [projects."${target.place.cwd}"] trust_level = "trusted" (for a folder inside a Git repository, the repository root's).`,
        ]
      : []),
    'Then "gatehouse doctor codex" says whether Codex trusts them. Re-installing from another folder changes the hooks, and Codex asks again.',
    '',
  ].join('\n');
}
