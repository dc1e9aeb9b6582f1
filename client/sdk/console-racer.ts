/**
 * The console as one racer of the agent's own race (docs/engine.md, The pipeline): it sends the request and
 * claims with the console's decision. Losing withdraws the request with `answered-in-terminal`, so the card
 * disappears from every console window; an aborted race withdraws it with `aborted`.
 */
import type { PermissionDecision } from '../../common/protocol';
import type { GatehouseClient } from './connect';
import { RaceLost } from './race';
import type { Racer } from './race';
import type { PermissionCall } from '../../common/protocol';

export function consoleRacer(
  client: Pick<GatehouseClient, 'requestPermission' | 'cancel'>,
  call: PermissionCall,
): Racer<PermissionDecision, 'console'> {
  return {
    name: 'console',
    async run(claim, signal) {
      if (signal.aborted) return;
      const withdraw = () =>
        client.cancel(call.id, signal.reason instanceof RaceLost ? 'answered-in-terminal' : 'aborted');
      signal.addEventListener('abort', withdraw, { once: true });
      try {
        const decision = await client.requestPermission(call);
        // Passthrough is the console declining to decide (its timeout, the agent's disconnect): the
        // question goes back to the agent's other racers instead of ending the race.
        if (decision.behavior !== 'passthrough') claim(decision);
      } catch (error) {
        if (!signal.aborted) throw error;
      } finally {
        signal.removeEventListener('abort', withdraw);
      }
    },
  };
}
