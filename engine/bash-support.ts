/** The real Bash analyser from engine/bash, packaged as the BashSupport the pipeline takes. */
import { isReadOnlyCommand, matchCommand } from './bash';
import { loadBashAnalyzer, type BashWasmPaths } from './bash/parser';
import type { BashSupport } from './tools/bash-tool';

export async function loadBashSupport(paths: BashWasmPaths): Promise<BashSupport> {
  const analyzer = await loadBashAnalyzer(paths);
  return { analyzer, matchCommand, isReadOnlyCommand };
}
