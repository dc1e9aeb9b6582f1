/**
 * The export of Gatehouse's decisions as the console runs it: its settings (`decisionExport` in
 * settings.json, changed from the settings screen), the secret its header carries (in the keychain, else a
 * 0600 file, as the classifier's key), and the exporter (main/telemetry/decision-export.ts) fed from where
 * history records decisions and where the agents' telemetry joins a call to its question.
 */
import {
  DecisionExportSettingsSchema,
  type DecisionExportSettings,
  type DecisionExportState,
} from '../../common/export-contract';
import type { ConsoleWarning } from '../../common/console-contract';
import { forgetSecret, readSecret, writeSecret } from '../secrets/secret-store';
import type { SecretStoreOptions } from '../secrets/secret-store';
import { updateConsoleSettings } from '../settings/settings-file';
import { createDecisionExporter } from '../telemetry/decision-export';
import type { DecisionExporter, DecisionExporterOptions } from '../telemetry/decision-export';

/** The header's value, by the name it rests under in the keychain or the home folder. */
export const EXPORT_SECRET = 'decision-export-header';

export interface DecisionExportRoom {
  readonly exporter: Pick<DecisionExporter, 'decided' | 'joined' | 'flush'>;
  state(): Promise<DecisionExportState>;
  /** Replaces the settings, checked, in memory and in settings.json; throws one sentence when they are wrong. */
  update(next: unknown): Promise<DecisionExportState>;
  setSecret(value: string): Promise<DecisionExportState>;
  forgetSecret(): Promise<DecisionExportState>;
  close(): Promise<void>;
}

export async function startDecisionExport(options: {
  readonly home: string;
  readonly settings: DecisionExportSettings;
  readonly secrets?: SecretStoreOptions;
  readonly phoneChat: NonNullable<DecisionExporterOptions['phoneChat']>;
  readonly warnings: {
    add(warning: ConsoleWarning): void;
    withdraw(code: ConsoleWarning['code']): void;
  };
  /** Tests: how long one export may take, how often a batch goes out. */
  readonly tuning?: Pick<DecisionExporterOptions, 'exportTimeoutMs' | 'batchDelayMs' | 'joinWaitMs'>;
}): Promise<DecisionExportRoom> {
  let current = options.settings;
  const secrets = options.secrets ?? {};
  const exporter = createDecisionExporter({
    ...options.tuning,
    phoneChat: options.phoneChat,
    onFailing: (detail) =>
      options.warnings.add({
        code: 'export-failed',
        endpoint: current.endpoint ?? '',
        detail,
        fallback: `Gatehouse's decisions could not be sent to ${current.endpoint ?? 'the collector'} (${detail}); records are dropped until it takes them again.`,
      }),
    onRecovered: () => options.warnings.withdraw('export-failed'),
  });
  const kept = async () => {
    try {
      return await readSecret(options.home, EXPORT_SECRET, secrets);
    } catch {
      return undefined;
    }
  };
  // Read when the settings change, never per decision: a keychain call can take a second.
  const apply = async () => {
    options.warnings.withdraw('export-failed');
    if (!current.enabled || current.endpoint === undefined) return exporter.configure(undefined);
    const secret = current.header === undefined ? undefined : (await kept())?.value;
    exporter.configure({
      endpoint: current.endpoint,
      headers: current.header !== undefined && secret !== undefined ? { [current.header]: secret } : {},
    });
  };
  const state = async (): Promise<DecisionExportState> => {
    const storage = (await kept())?.storage;
    return { settings: current, ...(storage ? { secretStorage: storage } : {}) };
  };
  await apply();
  return {
    exporter,
    state,
    async update(next) {
      const parsed = DecisionExportSettingsSchema.safeParse(next);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        const where = issue?.path.length ? `"decisionExport.${issue.path.join('.')}"` : 'The export settings';
        throw new Error(`${where} ${issue?.message ?? 'is not valid'}; change it in the settings.`);
      }
      await updateConsoleSettings(options.home, 'the export of decisions', (file) => ({
        ...file,
        decisionExport: parsed.data,
      }));
      current = parsed.data;
      await apply();
      return state();
    },
    async setSecret(value) {
      await writeSecret(options.home, EXPORT_SECRET, value, secrets);
      await apply();
      return state();
    },
    async forgetSecret() {
      await forgetSecret(options.home, EXPORT_SECRET, secrets);
      await apply();
      return state();
    },
    close: () => exporter.close(),
  };
}
