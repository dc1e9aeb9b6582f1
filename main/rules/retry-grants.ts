/**
 * One-shot grants from overturned refusals: a person allowed a call the agent's classifier refused and let
 * the agent retry it, so the retried call, exactly as refused (same session, agent, folder, tool, input and MCP server),
 * is allowed once when it comes to the console. Never a rule: a different input, a second use, another
 * session or the grant's age past `ttlMs` all leave the question to a person.
 */
import { canonicalJson } from '../../common/canonical-json';
import type { AgentInfo, PermissionRequest } from '../../common/protocol';

/** Long enough for the model to retry at once on a loaded machine; a retry that comes later is asked anew. */
export const RETRY_GRANT_TTL_MS = 5 * 60_000;

interface RetryGrant {
  /** The refusal's request id, which history names as the grant's channel. */
  readonly from: string;
  readonly expiresAt: number;
}

/** What a grant is keyed on: the call, without the request's own id, mode or timing. */
export type RetryCall = Pick<PermissionRequest, 'sessionId' | 'cwd' | 'tool' | 'input' | 'mcpServer'>;

function keyOf(request: RetryCall, agent: Pick<AgentInfo, 'name'>): string {
  // An MCP server counts by its name and where it was configured, as for every grant (grant-book.ts).
  return canonicalJson([
    agent.name,
    request.sessionId,
    request.cwd,
    request.tool,
    request.input,
    request.mcpServer ?? null,
  ]);
}

export class RetryGrants {
  private readonly grants = new Map<string, RetryGrant>();

  constructor(
    private readonly now: () => number = Date.now,
    private readonly ttlMs = RETRY_GRANT_TTL_MS,
  ) {}

  /** The person let the agent retry the refused call `refusal`; returns when the grant lapses. */
  add(refusal: PermissionRequest, agent: AgentInfo): number {
    this.sweep();
    const expiresAt = this.now() + this.ttlMs;
    this.grants.set(keyOf(refusal, agent), { from: refusal.id, expiresAt });
    return expiresAt;
  }

  /** The refusal whose grant answers this call, used up by answering it; undefined when none does. */
  take(request: RetryCall, agent: Pick<AgentInfo, 'name'>): string | undefined {
    this.sweep();
    const key = keyOf(request, agent);
    const grant = this.grants.get(key);
    if (!grant) return undefined;
    this.grants.delete(key);
    return grant.from;
  }

  /** Ends every grant still live (the console is stopping); returns the refusals they came from. */
  drop(): string[] {
    this.sweep();
    const live = [...this.grants.values()].map((grant) => grant.from);
    this.grants.clear();
    return live;
  }

  private sweep(): void {
    const now = this.now();
    for (const [key, grant] of this.grants) if (grant.expiresAt <= now) this.grants.delete(key);
  }
}
