/** The real Bash analyser from engine/bash, packaged as the BashSupport the pipeline takes. */
import { isReadOnlyCommand, loadBashAnalyzer, matchCommand, type BashAnalyzerOptions } from './bash';
import type { BashSupport } from './tools/bash-tool';

export async function loadBashSupport(options?: BashAnalyzerOptions): Promise<BashSupport> {
  const analyzer = await loadBashAnalyzer(options);
  return { analyzer, matchCommand, isReadOnlyCommand };
}
