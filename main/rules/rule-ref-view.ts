/** A rule as the console's contract carries it: only the fields a person reads, none of the engine's own. */
import type { RuleRefView } from '../../common/queue-contract';

export function refView(ref: {
  text: string;
  behavior: RuleRefView['behavior'];
  source: RuleRefView['source'];
  file?: string;
  index?: number;
}): RuleRefView {
  return {
    text: ref.text,
    behavior: ref.behavior,
    source: ref.source,
    ...(ref.file === undefined ? {} : { file: ref.file }),
    ...(ref.index === undefined ? {} : { index: ref.index }),
  };
}
