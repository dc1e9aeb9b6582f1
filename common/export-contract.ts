/**
 * Gatehouse's own decisions, exported as OpenTelemetry log records to a collector the person names
 * (main/telemetry/decision-export.ts; docs/console.md, "Say who decided"). Off until the person turns it on.
 * Every field that leaves the machine is listed in docs/console.md; docs/security.md holds the promise.
 */
import { z } from 'zod';

/** The record's `event.name` and body, beside Claude Code's `tool_decision` and Codex's `codex.tool_decision`. */
export const DECISION_EVENT_NAME = 'gatehouse.decision';

/**
 * The collector's OTLP/HTTP logs URL, `/v1/logs` included: https, or plain http only to this machine (a
 * local collector that forwards), so no record crosses a network in the clear.
 */
export const EXPORT_ENDPOINT_PATTERN =
  /^(?:https:\/\/[^\s?#/]+(?:\/[^\s?#]*)?|http:\/\/(?:127\.0\.0\.1|localhost|\[::1\])(?::\d{1,5})?(?:\/[^\s?#]*)?)$/i;

/** An HTTP header's name (RFC 9110 token), such as `authorization` or `x-honeycomb-team`. */
const HEADER_NAME_PATTERN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]{1,100}$/;

export const DecisionExportSettingsSchema = z
  .object({
    enabled: z.boolean().default(false),
    endpoint: z
      .string()
      .max(2_000)
      .regex(
        EXPORT_ENDPOINT_PATTERN,
        'must be an https:// address, or http:// to 127.0.0.1 or localhost, such as "https://collector.example.com/v1/logs"',
      )
      .optional(),
    /** The header the kept secret is sent in; its value rests in the keychain, never in settings.json. */
    header: z
      .string()
      .regex(HEADER_NAME_PATTERN, 'must be an HTTP header name such as "authorization"')
      .optional(),
  })
  .refine((settings) => !settings.enabled || settings.endpoint !== undefined, {
    message: 'needs an endpoint before it can be turned on',
    path: ['endpoint'],
  });
export type DecisionExportSettings = z.infer<typeof DecisionExportSettingsSchema>;
export const DEFAULT_DECISION_EXPORT_SETTINGS: DecisionExportSettings = DecisionExportSettingsSchema.parse(
  {},
);

/** The export as the settings screen shows it. */
export interface DecisionExportState {
  readonly settings: DecisionExportSettings;
  /** Where the header's secret rests, when one is kept. */
  readonly secretStorage?: 'keychain' | 'file';
}

export const exportInvokeSchemas = {
  'export:state': z.object({}).strict(),
  /** Replaces the settings; records are sent to the new endpoint from the next decision. */
  'export:configure': z.object({ settings: DecisionExportSettingsSchema }).strict(),
  /** Keeps the header's value (a collector's API key, say) in the keychain, else a 0600 file. */
  'export:set-secret': z.object({ value: z.string().trim().min(1).max(4_000) }).strict(),
  'export:forget-secret': z.object({}).strict(),
} as const;
export type ExportInvokeChannel = keyof typeof exportInvokeSchemas;

export interface ExportInvokeValues {
  'export:state': DecisionExportState;
  'export:configure': DecisionExportState;
  'export:set-secret': DecisionExportState;
  'export:forget-secret': DecisionExportState;
}
