/**
 * The export's slice of the contract: where Gatehouse's decisions go and the secret their header carries
 * (main/core/decision-export-room.ts).
 */
import type { ConsoleHandlers, Result } from '../../common/console-contract';
import type { DecisionExportState, ExportInvokeChannel } from '../../common/export-contract';
import { refusal } from '../../common/refusals';

/** What the handlers need of the running export. */
export interface ExportControl {
  state(): Promise<DecisionExportState>;
  update(next: unknown): Promise<DecisionExportState>;
  setSecret(value: string): Promise<DecisionExportState>;
  forgetSecret(): Promise<DecisionExportState>;
}

export function createExportHandlers(control: ExportControl): Pick<ConsoleHandlers, ExportInvokeChannel> {
  return {
    'export:state': () => guarded(() => control.state()),
    'export:configure': ({ settings }) => guarded(() => control.update(settings)),
    'export:set-secret': ({ value }) => guarded(() => control.setSecret(value)),
    'export:forget-secret': () => guarded(() => control.forgetSecret()),
  };
}

async function guarded<T>(run: () => Promise<T>): Promise<Result<T>> {
  try {
    return { ok: true, value: await run() };
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    return { ok: false, error: refusal('internal', detail, { detail }) };
  }
}
