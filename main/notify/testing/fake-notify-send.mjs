#!/usr/bin/env node
// A stand-in for notify-send in the backend's unit tests. FAKE_MODE picks what it does; it records its
// arguments in FAKE_DIR/args-<pid>.json and, once it waits, touches FAKE_DIR/ready-<pid>.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setInterval } from 'node:timers';

const args = process.argv.slice(2);
const dir = process.env.FAKE_DIR ?? '.';
if (args[0] === '--version') {
  process.stdout.write(`${process.env.FAKE_VERSION ?? 'notify-send 0.8.1'}\n`);
  process.exit(0);
}
writeFileSync(join(dir, `args-${process.pid}.json`), JSON.stringify(args));
const mode = process.env.FAKE_MODE ?? 'wait';
if (mode === 'answer') {
  process.stdout.write(`${process.env.FAKE_ANSWER}\n`);
  process.exit(0);
}
if (mode === 'dismiss') process.exit(0);
if (mode === 'crash') process.exit(3);
if (mode === 'no-bus') {
  process.stderr.write('Cannot autolaunch D-Bus without X11 $DISPLAY\n');
}
// Like notify-send: SIGINT closes the notification and ends the wait with status 0.
process.on('SIGINT', () => {
  process.stderr.write('Wait cancelled, closing notification\n');
  process.exit(0);
});
setInterval(() => undefined, 60_000);
writeFileSync(join(dir, `ready-${process.pid}`), '');
