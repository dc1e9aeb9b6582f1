/**
 * The parts of any tool call that need a second look, each with its reason: a Bash command through its
 * parse (bash-dangers.ts); a file tool by the path it writes or reads; a fetch by the URL it opens. The
 * card, the notification and the phone name these, whichever tool asked.
 */
import { parseMcpName } from '../matchers/tool-name';
import { familyOf } from '../matchers/tool-catalog';
import type { BashSupport } from '../tools/bash-tool';
import type { ToolCall } from '../tools/types';
import { bashDangers } from './bash-dangers';
import { urlCarriesKey } from './command-dangers';
import { importantPath, runsLaterPath } from './danger-paths';
import type { Danger, DangerPlace } from './danger-reasons';
import { MCP_READ_VERBS, pathsOf, readPaths } from './call-paths';
import { secretPathKind } from './secret-paths';

export function callDangers(call: ToolCall, bash: BashSupport | undefined, place: DangerPlace): Danger[] {
  const { input } = call;
  switch (familyOf(call.toolName)) {
    case 'bash':
      return typeof input.command === 'string' && bash ? bashDangers(input.command, bash, place) : [];
    case 'edit':
      return writeDangers(pathsOf(input), place);
    case 'read':
      return readDangers(readPaths(call));
    case 'webFetch':
      return typeof input.url === 'string' && urlCarriesKey(input.url)
        ? [{ text: input.url, reason: 'sends-secrets' }]
        : [];
    case 'mcp': {
      const tool = parseMcpName(call.toolName)?.tool ?? '';
      const paths = pathsOf(input);
      return MCP_READ_VERBS.test(tool) ? readDangers(paths) : writeDangers(paths, place);
    }
    case 'generic':
      return [];
  }
}

function readDangers(paths: readonly string[]): Danger[] {
  return paths
    .filter((path) => secretPathKind(path) !== undefined)
    .map((text) => ({ text, reason: 'reads-secret' }));
}

function writeDangers(paths: readonly string[], place: DangerPlace): Danger[] {
  return paths.flatMap((text): Danger[] => {
    if (runsLaterPath(text)) return [{ text, reason: 'runs-later' }];
    return importantPath(text, place.cwd, place.home) ? [{ text, reason: 'overwrites-important' }] : [];
  });
}
