/**
 * The English catalogue: every sentence the console shows. Other locales translate these keys; a key they
 * lack falls back to the English text, so a missing translation is never a blank.
 * `{name}` is a placeholder; an entry with `one` / `other` is chosen by the `count` parameter. The queue's,
 * the tool call's, the rule editor's and the history browser's sentences live in their own files beside this one.
 */
import { classifierEn } from './classifier.en';
import { historyEn } from './history.en';
import { queueEn } from './queue.en';
import { refusalsEn } from './refusals.en';
import { rulesEn } from './rules.en';
import { settingsEn } from './settings.en';
import { suggestionsEn } from './suggestions.en';
import { toolCallEn } from './tool-call.en';

export const en = {
  'app.title': 'Gatehouse',
  'app.waiting': { one: '{count} waiting', other: '{count} waiting' },
  'app.waitingLabel': 'Waiting requests',
  'app.connection.ipc': 'Connected',
  'app.connection.ready': 'Connected',
  'app.connection.connecting': 'Connecting…',
  'app.connection.lost':
    'The console stopped, so every request went back to its agent: this tab comes back by itself when the console runs again',
  'app.connection.forgotten':
    'The console running here does not know this tab (it uses another home, or came back too late): press Enter where gatehouse serve runs for a new link',
  'app.connection.unlinked':
    'This tab needs a new link: the console keeps no way back in where the browser saves to disk, so a reload needs one too. Press Enter where gatehouse serve runs for a new one',
  'app.connection.unauthorized':
    'This link does not open the console: press Enter where gatehouse serve runs for a new one',
  'app.connection.used':
    'This link was already used, and each opens the console once: press Enter where gatehouse serve runs for a new one',
  'app.connection.expired':
    'This link has expired (each works for {minutes} minutes): press Enter where gatehouse serve runs for a new one',
  'app.display': 'Display',
  'app.theme': 'Theme',
  'app.theme.system': 'System theme',
  'app.theme.light': 'Light',
  'app.theme.dark': 'Dark',
  'app.language': 'Language',
  'app.language.auto': 'System language',
  'app.shortcuts': 'Keyboard shortcuts',
  'app.token': 'Bridge token',
  'app.token.keychain': 'Kept in the OS keychain',
  'app.token.file': 'Kept in a file readable only by you (no keychain answered)',
  'app.token.rotate': 'Rotate token…',
  'app.token.confirm': 'Rotate now',
  'app.token.warning': 'Agents that use GATEHOUSE_TOKEN will need the new token.',
  'app.token.rotated':
    'Rotated. Connected agents stay connected; new ones read it from bridge.json, or need the new GATEHOUSE_TOKEN.',
  'app.grantsToggle': { one: '{count} grant', other: '{count} grants' },
  'app.dismiss': 'Dismiss',
  'app.error': 'The console could not do that: {message}',

  'grants.title': 'Grants',
  'grants.empty': 'No grants. "Allow for…" on a request makes one; it shows here until it ends.',
  'grants.expires': 'ends in {time}',
  'grants.session': 'until the session ends',
  'grants.uses': { one: 'used {count} time', other: 'used {count} times' },
  'grants.meta': '{lasts} · {uses}',
  'grants.revoke': 'Revoke',
  'grants.revokeLabel': 'Revoke {rule}',
  'grants.where': '{agent} · {folder}',

  'shortcuts.title': 'Keyboard shortcuts',
  'shortcuts.close': 'Close',
  'shortcuts.note':
    'Shortcuts act on the highlighted card and never fire while you type. Return never allows. Requests that need a second look have no one-key allow: a opens the confirm step.',
  'shortcuts.next': 'Next request',
  'shortcuts.previous': 'Previous request',
  'shortcuts.allow': 'Allow once',
  'shortcuts.grant': 'Allow for a while…',
  'shortcuts.always': 'Always allow…',
  'shortcuts.deny': 'Deny at once',
  'shortcuts.denyMessage': 'Deny with a message…',
  'shortcuts.edit': 'Edit the input, then allow',
  'shortcuts.select': 'Select or unselect',
  'shortcuts.nextPart': 'Next part of a long input or diff',
  'shortcuts.help': 'Show this sheet',
  'shortcuts.escape': 'Close what is open',

  'status.warnings': 'Console warnings',

  'nav.label': 'Views',
  'nav.queue': 'Queue',
  'nav.rules': 'Rules',
  'nav.history': 'History',
  'nav.suggestions': 'Suggestions',
  'nav.settings': 'Settings',

  ...queueEn,
  ...toolCallEn,
  ...rulesEn,
  ...historyEn,
  ...settingsEn,
  ...classifierEn,
  ...suggestionsEn,
  ...refusalsEn,
} as const;

type Widen<T> = T extends string ? string : { readonly one: string; readonly other: string };
export type MessageKey = keyof typeof en;
export type Catalogue = { readonly [K in MessageKey]: Widen<(typeof en)[K]> };
