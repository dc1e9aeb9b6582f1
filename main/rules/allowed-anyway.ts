/**
 * The console's engine allows a call the agent asked about: the agent's own check said otherwise. The card
 * says so rather than show the allow rule as the reason for asking, with the times that could explain it:
 * an agent reads its rules when a session starts, so a rule written later may not be in them yet.
 */
import { stat } from 'node:fs/promises';
import type { Explanation } from '../../common/queue-contract';
import type { Decision, ToolPermissionContext } from '../../engine';
import { formatRule } from '../../engine';

type AllowedAnyway = NonNullable<Explanation['allowedAnyway']>;

/** When a regular file was last written, or undefined when it cannot be told. */
async function writtenAt(path: string): Promise<number | undefined> {
  const stats = await stat(path).catch(() => undefined);
  return stats?.isFile() ? stats.mtimeMs : undefined;
}

/**
 * When the session started: its transcript is created with it. A file system that records no birth time
 * reports 0, which says nothing.
 */
async function startedAt(transcriptPath: string): Promise<number | undefined> {
  const stats = await stat(transcriptPath).catch(() => undefined);
  return stats?.isFile() && stats.birthtimeMs > 0 ? stats.birthtimeMs : undefined;
}

export async function allowedAnyway(
  decision: Decision,
  transcriptPath: string | undefined,
): Promise<AllowedAnyway> {
  const file = decision.reason.type === 'rule' ? decision.reason.rule.file : undefined;
  const [ruleWrittenAt, sessionStartedAt] = await Promise.all([
    file === undefined ? undefined : writtenAt(file),
    transcriptPath === undefined ? undefined : startedAt(transcriptPath),
  ]);
  return {
    ...(ruleWrittenAt === undefined ? {} : { ruleWrittenAt }),
    ...(sessionStartedAt === undefined ? {} : { sessionStartedAt }),
  };
}

/** Every rule the context holds, as written: a suggestion equal to one of them would add nothing. */
export function existingRuleTexts(context: ToolPermissionContext): Set<string> {
  const tables = [context.alwaysAllowRules, context.alwaysAskRules, context.alwaysDenyRules];
  return new Set(
    tables.flatMap((bySource) =>
      Object.values(bySource)
        .flat()
        .map((rule) => formatRule(rule.ruleValue)),
    ),
  );
}
