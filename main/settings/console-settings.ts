/**
 * Gatehouse's own settings, `<home>/settings.json` (the agents' rules live in their own files). A missing
 * file means the defaults; a broken one also means the defaults, plus one sentence saying what to fix — the
 * console still starts, and the file is left as it is.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { settingsFormats, settingsMeasures, settingsTypes } from '../../common/console-contract';
import type { ConsoleWarning, SettingsFormat, SettingsProblem } from '../../common/console-contract';
import { ClassifierSettingsSchema } from '../../common/classifier-contract';
import { DecisionExportSettingsSchema } from '../../common/export-contract';
import { RetentionDaysSchema } from '../../common/history-contract';
import { jsonSyntaxProblem } from '../../engine';
import { AWAY_AFTER_MAX_MINUTES, phoneSendModes } from '../../common/phone-contract';
import { ProposalsSettingsSchema } from './proposals-setting';

export const CONSOLE_SETTINGS_FILE = 'settings.json';

/** Each checked format's pattern, and the English the fallback sentence says of a value that misses it. */
const formats: Readonly<Record<SettingsFormat, { readonly pattern: RegExp; readonly message: string }>> = {
  // `URL.origin` is "null" for schemes like vscode-webview://, yet browsers send them as written in `Origin`.
  origin: {
    pattern: /^[a-z][a-z0-9+.-]*:\/\/[^/?#\s]+$/i,
    message: 'must be an origin such as "https://example.com", with no path',
  },
  // A token travels in the API path, so anything but a loopback stand-in must be https.
  'api-root': {
    pattern: /^(?:https:\/\/[^/?#\s]+|http:\/\/(?:127\.0\.0\.1|localhost|\[::1\])(?::\d{1,5})?)$/i,
    message:
      'must be a bare "https://host" (or "http://127.0.0.1:port" for a local stand-in), with no path or trailing slash',
  },
  'chat-id': {
    pattern: /^-?\d{1,20}$/,
    message: 'must be a Telegram chat id (digits); pair again from the console',
  },
};
const formatted = (format: SettingsFormat) =>
  z.string().regex(formats[format].pattern, formats[format].message);

/** The Telegram channel; the bot token is not here but in the keychain. */
export const TelegramSettingsSchema = z.object({
  /** Absent: the Bot API root the client library uses by default. */
  apiRoot: formatted('api-root').optional(),
  /** The paired chat, written when pairing succeeds. */
  chatId: formatted('chat-id').optional(),
  /** What the paired chat is called, to say which chat a new pairing would replace. */
  chatName: z.string().max(200).optional(),
  /** Only the tool and a one-line summary go to Telegram, never the full command or path. */
  summaryOnly: z.boolean().default(false),
  send: z.enum(phoneSendModes).default('away'),
  /** No input at the desk for this long counts as away. */
  awayAfterMinutes: z.number().int().min(1).max(AWAY_AFTER_MAX_MINUTES).default(10),
});
export type TelegramSettings = z.infer<typeof TelegramSettingsSchema>;
export const DEFAULT_TELEGRAM_SETTINGS: TelegramSettings = TelegramSettingsSchema.parse({});

export const ConsoleSettingsSchema = z.object({
  bridge: z
    .object({
      /** Browser origins allowed to open the bridge; empty by default, because agents are not browsers. */
      allowedOrigins: z.array(formatted('origin')).max(50).default([]),
    })
    .prefault({}),
  /** Absent, or without `retentionDays`, keeps history for good. */
  history: z.object({ retentionDays: RetentionDaysSchema.optional() }).optional(),
  channels: z.object({ telegram: TelegramSettingsSchema.optional() }).optional(),
  classifier: ClassifierSettingsSchema.prefault({}),
  proposals: ProposalsSettingsSchema,
  /** Gatehouse's decisions to the person's OpenTelemetry collector; off unless they turn it on. */
  decisionExport: DecisionExportSettingsSchema.prefault({}),
});
export type ConsoleSettings = z.infer<typeof ConsoleSettingsSchema>;

export const DEFAULT_CONSOLE_SETTINGS: ConsoleSettings = ConsoleSettingsSchema.parse({});

export async function loadConsoleSettings(
  home: string,
): Promise<{ settings: ConsoleSettings; warning?: ConsoleWarning }> {
  const path = join(home, CONSOLE_SETTINGS_FILE);
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { settings: DEFAULT_CONSOLE_SETTINGS };
    const detail = (error as Error).message;
    return {
      settings: DEFAULT_CONSOLE_SETTINGS,
      warning: {
        code: 'settings-unreadable',
        path,
        detail,
        fallback: `Could not read ${path} (${detail}); using the defaults.`,
      },
    };
  }
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    const detail = (error as Error).message;
    return {
      settings: DEFAULT_CONSOLE_SETTINGS,
      warning: {
        code: 'settings-not-json',
        path,
        problem: jsonSyntaxProblem(error, text),
        fallback: `${path} is not valid JSON (${detail}); using the defaults until it is fixed.`,
      },
    };
  }
  const parsed = ConsoleSettingsSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const key = issue?.path.join('.') ?? '';
    const where = key ? `"${key}"` : 'the top level';
    const detail = issue?.message ?? 'is not valid';
    return {
      settings: DEFAULT_CONSOLE_SETTINGS,
      warning: {
        code: 'settings-invalid',
        path,
        key,
        problem: issue ? problemOf(issue) : { kind: 'invalid' },
        fallback: `${path}: ${where} ${detail}; using the defaults until it is fixed.`,
      },
    };
  }
  return { settings: parsed.data };
}

/** Zod's finding as a problem the console words; zod's own English stays in the fallback sentence. */
function problemOf(issue: z.core.$ZodIssue): SettingsProblem {
  switch (issue.code) {
    case 'invalid_type': {
      const expected = settingsTypes.find((type) => type === issue.expected);
      return expected ? { kind: 'type', expected } : { kind: 'invalid' };
    }
    case 'too_big':
    case 'too_small': {
      const of = settingsMeasures.find((origin) => origin === issue.origin);
      const limit = Number(issue.code === 'too_big' ? issue.maximum : issue.minimum);
      return of
        ? { kind: issue.code === 'too_big' ? 'too-big' : 'too-small', of, limit }
        : { kind: 'invalid' };
    }
    case 'invalid_value':
      return { kind: 'choice', options: issue.values.map(String) };
    case 'invalid_format': {
      const format = settingsFormats.find((name) => formats[name].message === issue.message);
      return format ? { kind: 'format', format } : { kind: 'invalid' };
    }
    default:
      return { kind: 'invalid' };
  }
}
