/**
 * What a person should see about the console itself (a broken settings file, the bridge token kept in a
 * file, notifications this machine cannot show), reported by every step through `add`. A warning about
 * something that can stop being true is withdrawn by its code when it does.
 */
import type { ConsoleWarning, ConsoleWarningCode } from '../../common/console-contract';

export interface ConsoleWarnings {
  /** Oldest first; `console:status` sends it and `gatehouse serve` prints it at start. */
  readonly list: readonly ConsoleWarning[];
  add(warning: ConsoleWarning): void;
  withdraw(code: ConsoleWarningCode): void;
}

export function createConsoleWarnings(): ConsoleWarnings {
  const list: ConsoleWarning[] = [];
  return {
    list,
    add: (warning) => void list.push(warning),
    withdraw(code) {
      const at = list.findIndex((warning) => warning.code === code);
      if (at >= 0) list.splice(at, 1);
    },
  };
}
