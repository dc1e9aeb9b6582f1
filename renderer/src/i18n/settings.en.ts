/** The settings view's sentences: the phone channel (Telegram). */
export const settingsEn = {
  'settings.title': 'Settings',

  'phone.title': 'Approve from the phone (Telegram)',
  'phone.intro':
    'Create a bot with @BotFather in Telegram, paste its token here, then pair your chat with a one-time code. Requests then reach the phone with Approve and Deny buttons.',
  'phone.token': 'Bot token',
  'phone.token.file': 'The token is kept in a file readable only by you (no keychain answered).',
  'phone.connect': 'Connect',
  'phone.disconnect': 'Disconnect and forget the bot',
  'phone.pair.start': 'Pair a chat…',
  'phone.pair.again': 'Pair another chat…',
  'phone.pair.send': 'Send this code to your bot in Telegram:',
  'phone.pair.waiting': 'Waiting for it to arrive; the code works once, for ten minutes.',
  'phone.pair.cancel': 'Cancel pairing',
  'phone.pair.replacing':
    'Until a chat sends it, requests still go to {chat}; the chat that sends it replaces it.',
  'phone.pairingFailed.expired': 'The code expired before it reached the bot; show a new one.',
  'phone.pairingFailed.too-many-guesses':
    'Too many wrong codes were sent to the bot, so the code is void; show a new one.',
  'phone.refused.bad-arguments': 'That is not a bot token as @BotFather shows it, like 123456:ABC…',
  'phone.test': 'Send a test message',
  'phone.test.sent': 'Sent: look for it in Telegram.',
  'phone.state.off': 'Not connected.',
  'phone.state.unpaired': 'Connected; no chat is paired yet.',
  'phone.state.paired': 'Connected and paired with {chat}: requests can reach your phone.',
  'phone.chat.named': '{name} (chat {id})',
  'phone.chat.unnamed': 'chat {id}',
  'phone.replace.question':
    'Requests now go to {chat}. Pairing another chat replaces it: from then on only the new chat gets requests and can answer them.',
  'phone.replace.confirm': 'Replace it: show a code',
  'phone.replace.keep': 'Keep this chat',
  'phone.down.retrying': 'Phone channel down since {time}, retrying on its own.',
  'phone.down.stopped': 'Phone channel down since {time}; it will not retry on its own.',
  'phone.down.banner': '{headline} {sentence}',
  'phone.down.network':
    'Telegram cannot be reached; requests still wait in the console, and the phone gets them when it is back.',
  'phone.down.rateLimited': {
    one: 'Telegram asked Gatehouse to slow down for {count} second; requests still wait in the console meanwhile.',
    other:
      'Telegram asked Gatehouse to slow down for {count} seconds; requests still wait in the console meanwhile.',
  },
  'phone.down.rateLimitedWhile':
    'Telegram asked Gatehouse to slow down for a while; requests still wait in the console meanwhile.',
  'phone.down.tokenRefused': 'Telegram refused the bot token; paste a new one from @BotFather in Settings.',
  'phone.down.anotherReader':
    'Another program is reading this bot’s messages (two consoles on one bot?); stop it, then reconnect.',
  'phone.send': 'Send requests to the phone',
  'phone.send.away': 'Only while I am away (the switch below, or no input for {minutes} minutes)',
  'phone.send.always': 'Always',
  'phone.away': 'I am away from the desk',
  'phone.summaryOnly': 'Send only the tool and a one-line summary',
  'phone.sees.full':
    'Telegram’s servers see each request in full: agent, project folder, tool, the command or path (a long one as a file), why it asked and who answered. Never the bridge token.',
  'phone.sees.summary':
    'Telegram’s servers see the agent, the project folder, the tool and, for a command, only the names of the programs it runs: no command text, path or other input. Such requests cannot be approved from the phone: open the console to read and approve them.',

  'export.title': 'Say who decided, to your organisation (OpenTelemetry)',
  'export.sentence':
    'When this is on, each decision Gatehouse records leaves this machine for the collector below, and nowhere else: the session, the tool and a one-line summary of its input (up to 160 characters, a command included), the answer, who gave it (the console, a notification, the tray, the phone, a grant, the classifier, the timeout or the terminal), your user name or the paired Telegram chat, how long it took and any rule it wrote. Off, nothing is sent.',
  'export.on': 'Send Gatehouse’s decisions to a collector',
  'export.endpoint': 'Collector’s OTLP/HTTP logs address',
  'export.header': 'Header for a secret (optional)',
  'export.secret': 'Its value',
  'export.save': 'Save',
  'export.saved': 'Saved; it applies from the next decision.',
  'export.secret.keep': 'Keep value',
  'export.secret.forget': 'Forget value',
  'export.secret.keychain': 'A value is kept in the keychain and sent in that header only.',
  'export.secret.file': 'A value is kept in a file readable only by you (no keychain answered).',
  'export.secret.none': 'No value is kept; no header is sent.',
} as const;
