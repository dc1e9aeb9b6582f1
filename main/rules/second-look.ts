/**
 * Whether a call takes a second look before it is allowed, and why: the card's explanation asks it for the
 * request it shows, and rule proposals ask it of every past call before offering a rule that covers it, so
 * both hold the same calls back (docs/engine.md, Danger analysis).
 */
import { inputHidesText } from '../../common/hidden-code-points';
import { assessRisk, callDangers, dangerousRisks, protectedPathOf } from '../../engine';
import type { BashDanger, BashSupport, DangerPlace, RiskLabel, ToolCall } from '../../engine';

export interface SecondLook {
  readonly risk: RiskLabel;
  readonly dangers: readonly BashDanger[];
  readonly protectedPath: string | undefined;
  readonly hidesText: boolean;
  readonly needed: boolean;
}

export function secondLookOf(
  call: ToolCall,
  bash: BashSupport,
  place: DangerPlace,
  /** What the caller already knows: a memoized risk, or the protected path the engine's decision named. */
  known: { readonly risk?: RiskLabel; readonly protectedPath?: string } = {},
): SecondLook {
  const command =
    call.toolName === 'Bash' && typeof call.input.command === 'string' ? call.input.command : undefined;
  const risk = known.risk ?? assessRisk(call, bash);
  const protectedPath = known.protectedPath ?? protectedPathOf(String(call.input.file_path ?? ''))?.path;
  const hidesText = inputHidesText(call.input);
  const dangers: BashDanger[] = [
    ...callDangers(call, bash, place),
    ...(hidesText && command !== undefined ? [{ text: command, reason: 'hides-command' as const }] : []),
  ];
  return {
    risk,
    dangers,
    protectedPath,
    hidesText,
    // A command's dangers are read from its parse, part by part, so its coarse risk adds nothing: `rm -rf
    // dist` is destructive yet inside the project. Other tools' risk already names a secret read or a delete.
    needed:
      (command === undefined && dangerousRisks.has(risk)) ||
      dangers.length > 0 ||
      protectedPath !== undefined ||
      hidesText,
  };
}
