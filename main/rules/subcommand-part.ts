/**
 * One part of a compound command as the card lists it: its text, whether it is in the read-only set the
 * agent never asks about, and the danger it belongs to. A danger names a part or the pipeline the part is
 * a stage of, so a download piped into a shell marks both the download and the shell.
 */
import type { Explanation } from '../../common/queue-contract';
import type { BashDanger, BashSupport } from '../../engine';

type BashSubcommand = Parameters<BashSupport['isReadOnlyCommand']>[0];

export type SubcommandPart = NonNullable<Explanation['subcommands']>[number];

export function subcommandPart(
  sub: BashSubcommand,
  bash: BashSupport,
  dangers: readonly BashDanger[],
): SubcommandPart {
  const danger = dangers.find((d) => d.text === sub.source || d.text === sub.pipe?.source);
  return {
    text: sub.source,
    ...(bash.isReadOnlyCommand(sub) ? { readOnly: true } : {}),
    ...(danger ? { danger: danger.reason } : {}),
  };
}
