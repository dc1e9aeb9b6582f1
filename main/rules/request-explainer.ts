/**
 * Why did the agent ask? The console runs its own engine on the agent's own settings for the very call it
 * was asked about, and turns the decision into what the queue shows: the rule and its file, the mode, the
 * protected path, the near misses, the risk, and for Bash which subcommands a rule already allows. An
 * ACP agent asked its editor, not these rules: acp-explanation.ts says so instead.
 */
import { relative } from 'node:path';
import { acpCallOf } from '../../common/acp-call';
import type { Explanation } from '../../common/queue-contract';
import type { AgentInfo, PermissionRequest } from '../../common/protocol';
import { assessRisk, createPermissionContext, decide } from '../../engine';
import type {
  BashDanger,
  BashSupport,
  Decision,
  Phrased,
  SettingsProfile,
  ToolPermissionContext,
} from '../../engine';
import { loadSettings, SettingsFileError } from '../../engine/node';
import { readBoundedSettings } from '../../files/read-bounded';
import type { CodexWhyExplainer } from './codex/codex-why';
import { codexContext } from './codex/codex-context';
import type { CopilotWhyExplainer } from './copilot-why';
import { acpExplanation } from './acp-explanation';
import { allowedAnyway, existingRuleTexts } from './allowed-anyway';
import { closestNearMisses } from './near-misses';
import { refView } from './rule-ref-view';
import { subcommandPart } from './subcommand-part';
import { judgeRule } from './rule-standing';
import { secondLookOf } from './second-look';
import { createRuleSuggester } from './suggest-rules';
import { ANALYSIS_CACHE_SIZE, memoizeByText } from './text-memo';

export interface ExplainerOptions {
  readonly bash: BashSupport;
  /** The user's home folder, where user settings live. */
  readonly home: string;
  /** Replaces the managed policy file (tests). */
  readonly policyFile?: string;
  /** Codex's own terms for a Codex request: its approval policy, sandbox and exec-policy rules. */
  readonly codex?: CodexWhyExplainer;
  /** The GitHub Copilot CLI's own terms for a Copilot request: its permission kind and saved approvals. */
  readonly copilot?: CopilotWhyExplainer;
  /** The directories the request's session gained while it ran (session-directories.ts). */
  readonly sessionDirectories?: (request: PermissionRequest, agent: AgentInfo) => readonly string[];
}

export interface ExplainedRequest {
  readonly explanation: Explanation;
  /** The context the explanation was computed in, for racers that decide with the same rules (grants). */
  readonly context: ToolPermissionContext;
}

/**
 * Claude Code sessions read `.claude/`; every other agent `.agent/` (docs/engine.md, Sources, files and
 * precedence).
 */
export function profileOf(agent: AgentInfo): SettingsProfile {
  return agent.name === 'claude-code' ? 'claude' : 'agent';
}

/** How long a loaded settings context is reused for requests of the same profile, folder and mode. */
export const CONTEXT_REUSE_MS = 1_000;
const CONTEXT_CACHE_SIZE = 64;

export function reasonView(decision: Decision): Explanation['reason'] {
  const { reason } = decision;
  const said = { message: reason.message, ...(reason.phrase ? { phrase: reason.phrase } : {}) };
  switch (reason.type) {
    case 'rule':
      return { type: 'rule', ...said, rule: refView(reason.rule) };
    case 'mode':
      return { type: 'mode', ...said, mode: reason.mode };
    case 'safetyCheck':
      return { type: 'safetyCheck', ...said, path: reason.path };
    case 'workingDirectories':
      return { type: 'workingDirectories', ...said, path: reason.path };
    default:
      return { type: reason.type, ...said };
  }
}

export function createRequestExplainer(options: ExplainerOptions) {
  const deps = { bash: options.bash };
  const suggestRules = createRuleSuggester(options.bash);
  // Agents repeat commands, and a command's risk depends on its text alone.
  const bashRisk = memoizeByText(
    (command) => assessRisk({ toolName: 'Bash', input: { command } }, options.bash),
    ANALYSIS_CACHE_SIZE,
  );

  // Settings files change rarely and requests come in bursts: a context is reused for a moment, so an edit
  // to a settings file shows in explanations within a second, while a burst reads the files once.
  const contexts = new Map<
    string,
    { expires: number; value: Promise<{ context: ToolPermissionContext; warnings: Phrased[] }> }
  >();

  function contextFor(request: PermissionRequest, agent: AgentInfo) {
    const added = options.sessionDirectories?.(request, agent) ?? [];
    const key = `${profileOf(agent)}\0${request.cwd}\0${request.mode}\0${added.join('\0')}`;
    const now = Date.now();
    const cached = contexts.get(key);
    if (cached && cached.expires > now) return cached.value;
    const value = loadContext(request, agent, added);
    contexts.set(key, { expires: now + CONTEXT_REUSE_MS, value });
    if (contexts.size > CONTEXT_CACHE_SIZE) contexts.delete(contexts.keys().next().value as string);
    value.catch(() => contexts.delete(key));
    return value;
  }

  async function loadContext(request: PermissionRequest, agent: AgentInfo, added: readonly string[]) {
    const warnings: Phrased[] = [];
    let settings;
    try {
      settings = await loadSettings(
        {
          profile: profileOf(agent),
          cwd: request.cwd,
          home: options.home,
          ...(options.policyFile ? { policyFile: options.policyFile } : {}),
        },
        readBoundedSettings,
      );
    } catch (error) {
      if (!(error instanceof SettingsFileError)) throw error;
      warnings.push({ message: error.message, phrase: error.phrase });
    }
    const context = createPermissionContext({
      cwd: request.cwd,
      home: options.home,
      mode: request.mode,
      ...(settings ? { settings } : {}),
      ...(added.length ? { additionalDirectories: added } : {}),
    });
    return { context, warnings };
  }

  function subcommandsOf(
    context: ToolPermissionContext,
    command: string,
    dangers: readonly BashDanger[],
  ): Explanation['subcommands'] {
    const analysis = options.bash.analyzer.analyze(command);
    if (!analysis.ok || analysis.subcommands.length < 2) return undefined;
    return analysis.subcommands.map((sub) => {
      const alone = decide(context, { toolName: 'Bash', input: { command: sub.source } }, deps);
      const rule = alone.behavior === 'allow' && alone.reason.type === 'rule' ? alone.reason.rule : undefined;
      return { ...subcommandPart(sub, options.bash, dangers), ...(rule ? { allowedBy: refView(rule) } : {}) };
    });
  }

  /**
   * The suggested rules that could not answer this request wherever they were saved. Only an ask or deny
   * rule or a protected path outranks every allow rule, so the rest are not judged; those are, by the same
   * engine run the card's rule field asks for (rule-standing.ts).
   */
  function outranked(
    context: ToolPermissionContext,
    decision: Decision,
    call: { toolName: string; input: Record<string, unknown> },
    rules: readonly string[],
  ): NonNullable<Explanation['suggestionsOutranked']> {
    const { reason } = decision;
    const firstWins =
      (reason.type === 'rule' && reason.rule.behavior !== 'allow') || reason.type === 'safetyCheck';
    if (!firstWins) return [];
    return rules.flatMap((rule): NonNullable<Explanation['suggestionsOutranked']> => {
      const judged = judgeRule(context, call, rule, 'localSettings', options.bash);
      if (judged.kind !== 'loses') return [];
      const why = judged.decision.reason;
      if (why.type === 'rule' && why.rule.behavior !== 'allow')
        return [{ rule, why: 'outranked', by: refView(why.rule) }];
      if (why.type === 'safetyCheck') return [{ rule, why: 'protected', path: why.path }];
      return [];
    });
  }

  /** What the call does, as a rule's content would name it: near misses are ranked by how much they share. */
  function callTexts(request: PermissionRequest, command: string | undefined): string[] {
    if (command !== undefined) {
      const analysis = options.bash.analyzer.analyze(command);
      return analysis.ok && analysis.subcommands.length
        ? analysis.subcommands.map((s) => s.source)
        : [command];
    }
    const { input } = request;
    const file = input.file_path ?? input.notebook_path ?? input.path;
    if (typeof file === 'string') return [relative(request.cwd, file), file];
    if (typeof input.url === 'string' && URL.canParse(input.url)) return [new URL(input.url).hostname];
    return [];
  }

  return async function explain(request: PermissionRequest, agent: AgentInfo): Promise<ExplainedRequest> {
    const fromCodex = agent.name === 'codex';
    const codex = fromCodex && options.codex ? options.codex(request) : undefined;
    const copilot = agent.name === 'copilot' && options.copilot ? options.copilot(request) : undefined;
    // OpenCode decides by its own permission config: the engine's reading of Claude Code's rules is moot.
    const ownRules = agent.name === 'opencode';
    const loaded = await contextFor(request, agent);
    const { warnings } = loaded;
    // Codex's sandbox, not Claude Code's working directories, decides where a Codex call may write.
    const context = fromCodex ? codexContext(loaded.context) : loaded.context;
    const acp = acpCallOf(request);
    if (acp) {
      const place = { cwd: request.cwd, home: options.home, roots: [request.cwd] };
      return {
        explanation: acpExplanation(acp, agent, request.input, options.bash, place, request.tool),
        context,
      };
    }
    const call = { toolName: request.tool, input: request.input };
    const decision = decide(context, call, deps);
    const command =
      request.tool === 'Bash' && typeof request.input.command === 'string'
        ? request.input.command
        : undefined;
    const roots = [context.cwd, ...context.additionalWorkingDirectories.map((dir) => dir.path)];
    const { risk, protectedPath, dangers, needed } = secondLookOf(
      call,
      options.bash,
      { cwd: request.cwd, home: options.home, roots },
      {
        ...(command === undefined ? {} : { risk: bashRisk(command) }),
        ...(decision.reason.type === 'safetyCheck' ? { protectedPath: decision.reason.path } : {}),
      },
    );
    const subcommands =
      command === undefined || ownRules ? undefined : subcommandsOf(context, command, dangers);
    // A call the agent's rules already allow needs no new rule: the card says why it asked instead.
    const allowed = decision.behavior === 'allow' && !codex && !copilot;
    const existing = existingRuleTexts(context);
    const suggestedRules = allowed ? [] : suggestRules(request).filter((rule) => !existing.has(rule));
    const suggestionsOutranked = outranked(context, decision, call, suggestedRules);
    const explanation: Explanation = {
      behavior: decision.behavior,
      step: decision.step,
      reason: reasonView(decision),
      nearMisses: ownRules
        ? []
        : closestNearMisses(decision.nearMisses.map(refView), callTexts(request, command)),
      risk,
      needsSecondLook: needed,
      ...(dangers.length ? { dangers: [...dangers] } : {}),
      ...(protectedPath ? { protectedPath } : {}),
      ...(decision.reason.type === 'workingDirectories'
        ? { outsidePath: decision.reason.path, workingDirectories: [...decision.reason.workingDirectories] }
        : {}),
      ...(subcommands ? { subcommands } : {}),
      ...(warnings.length ? { warnings } : {}),
      ...(context.denyInsteadOfPromptingFile
        ? { denyInsteadOfPrompting: context.denyInsteadOfPromptingFile }
        : {}),
      ...(allowed ? { allowedAnyway: await allowedAnyway(decision, request.transcriptPath) } : {}),
      suggestedRules,
      ...(suggestionsOutranked.length ? { suggestionsOutranked } : {}),
      ...(codex ? { codex: await codex } : {}),
      ...(copilot ? { copilot: await copilot } : {}),
    };
    return { explanation, context };
  };
}

export type RequestExplainer = ReturnType<typeof createRequestExplainer>;
