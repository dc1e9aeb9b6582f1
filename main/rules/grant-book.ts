/**
 * Timed grants and session rules a person made at the console ("Allow for 5 min", "… for this session"):
 * kept in memory, scoped to one agent session in one folder, visible and revocable. A grant is a session-source allow
 * rule, so it answers only what the engine would allow with that rule added: it never outranks a deny or
 * ask rule of the agent's own settings, nor a protected path.
 */
import { randomUUID } from 'node:crypto';
import type { GrantView } from '../../common/console-contract';
import type { GrantDuration } from '../../common/queue-contract';
import type { McpServer } from '../../common/protocol';
import { guarded } from '../../common/guarded';
import { createSignal } from '../../common/signal';
import { parseRule } from '../../engine';
import { judgeRule } from './rule-standing';
import type { BashSupport, Phrase, ToolPermissionContext } from '../../engine';

const DURATION_MS: Record<Exclude<GrantDuration, 'session'>, number> = {
  '5m': 5 * 60_000,
  '1h': 60 * 60_000,
};

export interface GrantRequest {
  readonly rule: string;
  readonly duration: GrantDuration;
  readonly sessionId: string;
  readonly cwd: string;
  readonly agent: string;
  /** The MCP server of the request the grant was made on, when its tool is an MCP tool. */
  readonly mcpServer?: McpServer | undefined;
}

/**
 * Who a grant answers for: a session id is the agent's to choose, so it counts only with the same agent and
 * folder; and for an MCP tool, only with a server of the same name from the same source.
 */
export type GrantScope = Pick<GrantRequest, 'sessionId' | 'cwd' | 'agent' | 'mcpServer'>;

/** Trust follows where a server was configured, not its name: both must agree, or both be absent. */
function sameServer(a: McpServer | undefined, b: McpServer | undefined): boolean {
  return a === undefined || b === undefined ? a === b : a.name === b.name && a.source === b.source;
}

export type GrantResult = { ok: true; grant: GrantView } | { ok: false; error: string; errorPhrase: Phrase };

export class GrantBook {
  readonly changed = createSignal<GrantView[]>();
  private readonly grants = new Map<string, GrantView>();
  private readonly timers = new Map<string, ReturnType<typeof setTimeout>>();

  constructor(
    private readonly bash: BashSupport,
    private readonly now: () => number = Date.now,
  ) {}

  add(request: GrantRequest): GrantResult {
    const parsed = parseRule(request.rule);
    if (!parsed.ok) return { ok: false, error: parsed.error, errorPhrase: parsed.errorPhrase };
    const createdAt = this.now();
    const grant: GrantView = {
      id: randomUUID(),
      rule: request.rule,
      sessionId: request.sessionId,
      cwd: request.cwd,
      agent: request.agent,
      duration: request.duration,
      createdAt,
      ...(request.duration === 'session' ? {} : { expiresAt: createdAt + DURATION_MS[request.duration] }),
      uses: 0,
      ...(request.mcpServer ? { mcpServer: request.mcpServer } : {}),
    };
    this.grants.set(grant.id, grant);
    if (grant.expiresAt !== undefined) {
      const timer = setTimeout(
        () => guarded('expiring a grant', () => this.revoke(grant.id)),
        grant.expiresAt - createdAt,
      );
      timer.unref?.();
      this.timers.set(grant.id, timer);
    }
    this.emit();
    return { ok: true, grant };
  }

  /** The grant that answers this call of this session, agent and folder, if any, counted as used. */
  match(
    scope: GrantScope,
    call: { toolName: string; input: Record<string, unknown> },
    context: ToolPermissionContext,
  ): GrantView | undefined {
    for (const grant of this.grants.values()) {
      if (
        grant.sessionId !== scope.sessionId ||
        grant.agent !== scope.agent ||
        grant.cwd !== scope.cwd ||
        !sameServer(grant.mcpServer, scope.mcpServer) ||
        (grant.expiresAt !== undefined && grant.expiresAt <= this.now())
      )
        continue;
      if (judgeRule(context, call, grant.rule, 'session', this.bash).kind === 'wins') {
        const used = { ...grant, uses: grant.uses + 1 };
        this.grants.set(grant.id, used);
        this.emit();
        return used;
      }
    }
    return undefined;
  }

  revoke(id: string): boolean {
    const timer = this.timers.get(id);
    if (timer) clearTimeout(timer);
    this.timers.delete(id);
    const removed = this.grants.delete(id);
    if (removed) this.emit();
    return removed;
  }

  /** The session ended: its grants end with it. */
  endSession(sessionId: string): void {
    for (const grant of [...this.grants.values()]) if (grant.sessionId === sessionId) this.revoke(grant.id);
  }

  list(): GrantView[] {
    return [...this.grants.values()].sort((a, b) => a.createdAt - b.createdAt);
  }

  close(): void {
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
  }

  private emit(): void {
    this.changed.emit(this.list());
  }
}
