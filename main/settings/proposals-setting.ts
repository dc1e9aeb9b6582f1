/**
 * "Suggest rules from what I allow": `proposals.enabled` in Gatehouse's own settings.json, on unless a
 * person turns it off (docs/console.md, Suggestions).
 */
import { z } from 'zod';
import { isJsonObject, updateConsoleSettings } from './settings-file';

export const ProposalsSettingsSchema = z.object({ enabled: z.boolean().default(true) }).prefault({});

export function saveProposalsEnabled(home: string, enabled: boolean): Promise<void> {
  return updateConsoleSettings(home, 'the rule suggestions', (settings) => ({
    ...settings,
    proposals: { ...(isJsonObject(settings.proposals) ? settings.proposals : {}), enabled },
  }));
}
