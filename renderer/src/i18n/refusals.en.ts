/**
 * Main's refusals, the console's warnings and the reasons an edit has no preview, one sentence per code
 * (common/refusals.ts, ConsoleWarningSchema, PreviewRefusalSchema). Typed by the code unions, so a code
 * without its sentence here or in `refusals.zh-CN.ts` fails the typecheck.
 */
import type {
  ConsoleWarningCode,
  SettingsFormat,
  SettingsMeasure,
  SettingsType,
} from '../../../common/console-contract';
import type { PreviewRefusal } from '../../../common/queue-contract';
import type { RefusalCode } from '../../../common/refusals';

export type RefusalKey =
  | `refused.${RefusalCode}`
  | `warning.${ConsoleWarningCode}`
  | 'warning.settings-invalid.top'
  | `settings-problem.type.${SettingsType}`
  | `settings-problem.${'too-big' | 'too-small'}.${SettingsMeasure}`
  | 'settings-problem.choice'
  | `settings-problem.format.${SettingsFormat}`
  | 'settings-problem.invalid'
  | `edit.refused.${PreviewRefusal['reason']}`;

export const refusalsEn = {
  'refused.unknown-request': 'This request is no longer waiting: it was answered elsewhere or withdrawn.',
  'refused.bad-option': 'The agent cannot take this answer; choose one of the card’s own buttons.',
  'refused.bad-arguments': 'The console refused what was sent: it is not in the form it takes.',
  'refused.unknown-channel':
    'The console does not know this action; reload the page to get the console’s current version.',
  'refused.internal': 'The console failed to do this: {detail}',
  'refused.untrusted-sender': 'This window may not use the console.',
  'refused.grant-cannot-win':
    '{rule} would not answer this request, so nothing was allowed; the note under the rule says why.',
  'refused.bad-rule': 'The rule {rule} cannot be used: {detail}',
  'refused.folder-not-absolute':
    'The folder “{folder}” is not an absolute path; choose a project folder such as /home/you/project.',
  'refused.folder-missing': 'The folder {folder} does not exist; choose an existing project folder.',
  'refused.folder-no-source': 'The folder {folder} has no {source} settings file; reload the rules.',
  'refused.settings-folder-linked':
    'The settings folder {folder} is a symbolic link; Gatehouse writes project rules only into a real folder of the project, because a link can lead to your own or another project’s settings.',
  'refused.settings-file-outside':
    'The settings file {file} leads to {target}, outside the project folder; Gatehouse will not write through it.',
  'refused.broken-file':
    'The settings file {file} cannot be used as it is; fix it by hand, Gatehouse will not overwrite it.',
  'refused.bad-settings': 'The rules of this folder cannot be loaded: {detail}',
  'refused.rule-gone': 'The rule {rule} is no longer in {file}: the file changed on disk since you read it.',
  'refused.file-kept-changing': 'The settings file {file} kept changing while Gatehouse saved; try again.',
  'refused.save-not-confirmed':
    'The settings file {file}, read back, does not hold the change; it was not saved.',
  'refused.input-not-object': '“{text}” is not a JSON object; write the input as {"key": "value"}.',
  'refused.input-needs-object': 'Write {tool}’s input as a JSON object, such as {"key": "value"}.',
  'refused.examples-unreadable':
    'The examples file {file} cannot be read; fix its permissions and restart Gatehouse.',
  'refused.examples-invalid':
    'The examples file {file} is not valid; fix or delete it, then restart Gatehouse.',
  'refused.settings-not-saved': 'Gatehouse’s settings.json could not be written; nothing changed.',
  'refused.no-history': 'This console keeps no history.',
  'refused.proposal-gone':
    '{rule} is no longer proposed for {folder} (applied, dismissed or outgrown meanwhile); the list now shows what is.',
  'refused.phone-busy': 'Another connect or disconnect came first; look at the state above.',
  'refused.phone-token-refused':
    'Telegram refused this bot token; copy it again from @BotFather and paste it whole.',
  'refused.phone-unreachable':
    'Telegram could not be reached to check the bot token; try again when the network is back.',
  'refused.phone-not-connected': 'Connect a bot first: paste its token above.',
  'refused.phone-paired': 'A chat is paired already; pairing another replaces it, so confirm that first.',
  'refused.phone-not-paired': 'Pair a chat first, then send a test message.',
  'refused.phone-send': 'The test message could not be sent; check the channel’s state above.',

  'warning.token-in-file':
    'No keychain answered, so the bridge token is stored in {path} (readable only by you).',
  'warning.settings-unreadable': 'Gatehouse could not read {path} ({detail}); it uses the default settings.',
  'warning.settings-not-json': '{path} {problem}; Gatehouse uses the default settings until it is fixed.',
  'warning.settings-invalid':
    'In {path}, {key} {problem}; Gatehouse uses the default settings until it is fixed.',
  'warning.settings-invalid.top': 'the top level',
  'settings-problem.type.string': 'must be a string',
  'settings-problem.type.number': 'must be a number',
  'settings-problem.type.int': 'must be a whole number',
  'settings-problem.type.boolean': 'must be true or false',
  'settings-problem.type.object': 'must be an object',
  'settings-problem.type.array': 'must be a list',
  'settings-problem.too-big.number': 'must be at most {limit}',
  'settings-problem.too-big.string': 'must be at most {limit} characters long',
  'settings-problem.too-big.array': 'must have at most {limit} entries',
  'settings-problem.too-small.number': 'must be at least {limit}',
  'settings-problem.too-small.string': 'must be at least {limit} characters long',
  'settings-problem.too-small.array': 'must have at least {limit} entries',
  'settings-problem.choice': 'must be one of {options}',
  'settings-problem.format.origin': 'must be an origin such as "https://example.com", with no path',
  'settings-problem.format.api-root':
    'must be a bare "https://host" (or "http://127.0.0.1:port" for a local stand-in), with no path or trailing slash',
  'settings-problem.format.chat-id': 'must be a Telegram chat id (digits); pair again from the console',
  'settings-problem.invalid': 'is not valid',
  'warning.notify-send-missing':
    'Notifications are off: notify-send is not installed (the Debian/Ubuntu package {package}).',
  'warning.notify-send-old':
    'Notifications are off: notify-send {version} is older than 0.8, the first with buttons that report back (upgrade {package}).',
  'warning.notifications-unavailable': 'Notifications are off: {detail}',
  'warning.notifications-unsupported': 'Notifications are off: Gatehouse has no notifications on {platform}.',
  'warning.notifications-failed': 'Notifications are off until Gatehouse restarts: {detail}',
  'warning.history-purge-failed':
    'History older than {days} days could not be purged ({detail}); it is tried again within the hour.',
  'warning.port-moved':
    'Port {from}, where this console listened last time, is taken by another program, so it listens on {to} now: tabs and links opened for port {from} need a new link.',
  'warning.phone-send-failed': 'A request could not be sent to the phone; it still waits in the console.',
  'warning.phone-update-failed': 'The phone’s message could not be updated with the answer.',
  'warning.phone-token-refused':
    'Telegram refused the bot token; paste a new one from @BotFather in Settings.',
  'warning.phone-chat-not-saved': 'The paired chat could not be saved in Gatehouse’s settings.json: {detail}',
  'warning.export-failed':
    'Gatehouse’s decisions could not be sent to {endpoint} ({detail}); records are dropped until the collector takes them again.',

  'edit.refused.not-a-regular-file':
    'No diff: this path is not a regular file (a device, a pipe or a folder), so the console does not read it.',
  'edit.refused.too-large': 'No diff: the file is {size} MB, more than the {limit} MB a preview reads.',
  'edit.refused.unreadable': 'No diff: the console cannot read this file ({code}).',
  'edit.refused.acp-no-diff': 'No diff: the agent’s call carries none.',
  'edit.refused.no-file': 'No diff: this {tool} call names no file.',
  'edit.refused.no-content': 'No diff: this {tool} call carries no new text.',
  'edit.refused.no-edit': 'No diff: this {tool} call has no old_string and new_string.',
  'edit.refused.file-missing': 'No diff: the file does not exist, so this {tool} would fail.',
  'edit.refused.text-not-found':
    'No diff: the text to replace is not in the file, so this {tool} would fail.',
} satisfies Record<RefusalKey, string>;
