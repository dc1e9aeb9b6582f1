import { isInvokeChannel, parseInvokeArgs } from '../../common/console-contract';
import type { Caller, ConsoleHandlers, InvokeChannel, Result } from '../../common/console-contract';
import { refusal } from '../../common/refusals';

/**
 * The one path from an untrusted invoke (a channel name and arguments from a renderer) to a handler: an
 * unknown channel or invalid arguments become an error result, and a throwing handler cannot escape.
 */
export async function dispatchInvoke(
  handlers: ConsoleHandlers,
  channel: unknown,
  args: unknown,
  caller: Caller,
): Promise<Result<unknown>> {
  if (!isInvokeChannel(channel)) {
    return {
      ok: false,
      error: refusal('unknown-channel', `There is no console channel named ${String(channel)}.`),
    };
  }
  const parsed = parseInvokeArgs(channel, args);
  if (!parsed.ok) return parsed;
  try {
    const handler = handlers[channel] as (
      a: unknown,
      c: Caller,
    ) => Result<unknown> | Promise<Result<unknown>>;
    return await handler(parsed.value, caller);
  } catch (error) {
    const detail = (error as Error).message;
    return {
      ok: false,
      error: refusal('internal', `The console failed to handle ${channel as InvokeChannel}: ${detail}`, {
        detail,
      }),
    };
  }
}
