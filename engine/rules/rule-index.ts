/**
 * All of a context's rules, compiled once and arranged for the two questions a check asks: "which
 * tool-wide rule of this behavior covers this tool first?" (steps 1a, 1b, 2b) and "which content rules
 * does this tool consult, in order?" (step 1c). Built when the context is, kept beside it (a frozen context
 * cannot hold the matchers' caches) and looked up by identity.
 */
import { ruleSources, type PermissionRule, type RuleBehavior, type RuleSource } from '../types';
import { invalidRule, PermissionContextError } from './errors';
import { toolNameMatches, parseMcpName } from '../matchers/tool-name';
import { compileRule, type CompiledRule } from './compile';

export type RulesBySource = { readonly [S in RuleSource]: readonly PermissionRule[] };

/** What an index is built from: a context's three rule tables, and the folders their paths resolve against. */
export interface RuleTables {
  readonly cwd: string;
  readonly home: string;
  readonly alwaysAllowRules: RulesBySource;
  readonly alwaysDenyRules: RulesBySource;
  readonly alwaysAskRules: RulesBySource;
}

export interface RuleIndex {
  /** Every rule in effective order, skipped ones included (for listings). */
  readonly rules: readonly CompiledRule[];
  toolWide(behavior: RuleBehavior, toolName: string): CompiledRule | undefined;
  /** Content rules a tool consults, in effective order: written for `ruleToolName`, or a matching MCP/glob name. */
  contentRules(behavior: RuleBehavior, ruleToolName: string): readonly CompiledRule[];
}

export const tableKey = {
  allow: 'alwaysAllowRules',
  deny: 'alwaysDenyRules',
  ask: 'alwaysAskRules',
} as const;

/** Every rule of one behavior, sources by precedence, each source in file order. */
export function rulesOf(context: RuleTables, behavior: RuleBehavior): readonly PermissionRule[] {
  const table = context[tableKey[behavior]];
  return ruleSources.flatMap((source) => table[source]);
}

const BEHAVIORS = ['deny', 'ask', 'allow'] as const;
const cache = new WeakMap<RuleTables, RuleIndex>();

export function ruleIndexOf(context: RuleTables): RuleIndex {
  let index = cache.get(context);
  if (!index) {
    index = buildIndex(context);
    cache.set(context, index);
  }
  return index;
}

interface Bucket {
  readonly exact: Map<string, CompiledRule[]>;
  readonly server: Map<string, CompiledRule[]>;
  readonly globs: CompiledRule[];
}

function buildIndex(context: RuleTables): RuleIndex {
  const all: CompiledRule[] = [];
  const wide = {} as Record<RuleBehavior, Bucket>;
  const content = {} as Record<RuleBehavior, Bucket>;
  for (const behavior of BEHAVIORS) {
    wide[behavior] = { exact: new Map(), server: new Map(), globs: [] };
    content[behavior] = { exact: new Map(), server: new Map(), globs: [] };
    for (const rule of rulesOf(context, behavior)) {
      const compiled = compileRule(rule, all.length, { cwd: context.cwd, home: context.home });
      if (!compiled.ok) {
        const { file, index } = rule.origin;
        const at = file === undefined ? undefined : { file, index: index ?? 0 };
        throw new PermissionContextError(invalidRule(rule.source, behavior, compiled.errorPhrase, at));
      }
      all.push(compiled.rule);
      if (compiled.rule.skipped) continue;
      const bucket = compiled.rule.content === undefined ? wide[behavior] : content[behavior];
      const name = compiled.rule.name;
      if (name.kind === 'exact') push(bucket.exact, name.name, compiled.rule);
      else if (name.kind === 'mcpServer') push(bucket.server, name.server, compiled.rule);
      else bucket.globs.push(compiled.rule);
    }
  }

  // Keyed by behavior, then tool: a check asks a dozen times, and a joined key would be a new string each.
  const contentCache: Record<RuleBehavior, Map<string, readonly CompiledRule[]>> = {
    deny: new Map(),
    ask: new Map(),
    allow: new Map(),
  };
  return {
    rules: all,
    toolWide(behavior, toolName) {
      const bucket = wide[behavior];
      const server = parseMcpName(toolName)?.server;
      let best = bucket.exact.get(toolName)?.[0];
      const byServer = server === undefined ? undefined : bucket.server.get(server)?.[0];
      if (byServer && (!best || byServer.order < best.order)) best = byServer;
      for (const glob of bucket.globs) {
        if (best && glob.order > best.order) break;
        if (toolNameMatches(glob.name, toolName)) {
          best = glob;
          break;
        }
      }
      return best;
    },
    contentRules(behavior, ruleToolName) {
      const cache = contentCache[behavior];
      let rules = cache.get(ruleToolName);
      if (!rules) {
        const bucket = content[behavior];
        const server = parseMcpName(ruleToolName)?.server;
        rules = [
          ...(bucket.exact.get(ruleToolName) ?? []),
          ...(server === undefined ? [] : (bucket.server.get(server) ?? [])),
          ...bucket.globs.filter((g) => toolNameMatches(g.name, ruleToolName)),
        ].sort((a, b) => a.order - b.order);
        cache.set(ruleToolName, rules);
      }
      return rules;
    },
  };
}

function push(map: Map<string, CompiledRule[]>, key: string, rule: CompiledRule): void {
  const list = map.get(key);
  if (list) list.push(rule);
  else map.set(key, [rule]);
}
