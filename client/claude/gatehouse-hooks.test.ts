import { describe, expect, it } from 'vitest';
import { hookEventByArg } from '../hook/claude-events';
import { gatehouseHandler, isGatehouseHandler } from './gatehouse-hooks';

const stop = hookEventByArg('stop')!;
const permission = hookEventByArg('permission-request')!;

describe('recognising Gatehouse’s handlers', () => {
  it('knows its own exec-form handler, from any checkout and on Windows paths', () => {
    expect(
      isGatehouseHandler(gatehouseHandler({ node: '/n', cli: '/a/out/cli/gatehouse.mjs' }, stop), stop),
    ).toBe(true);
    expect(
      isGatehouseHandler(
        {
          type: 'command',
          command: 'C:\\node.exe',
          args: ['C:\\gh\\out\\cli\\gatehouse.mjs', 'hook', 'stop'],
        },
        stop,
      ),
    ).toBe(true);
  });

  it('knows the command string earlier READMEs had people write', () => {
    for (const command of [
      'node /path/to/gatehouse/out/cli/gatehouse.mjs hook permission-request',
      "'/usr/bin/node' '/my checkout/out/cli/gatehouse.mjs' hook permission-request",
      'gatehouse.mjs hook permission-request',
    ])
      expect(isGatehouseHandler({ type: 'command', command }, permission), command).toBe(true);
  });

  it('leaves every other handler alone', () => {
    for (const handler of [
      { type: 'command', command: '/opt/other/notify-me' },
      { type: 'command', command: 'node gatehouse.mjs hook stop' },
      { type: 'command', command: 'node /x/not-gatehouse.mjs hook permission-request' },
      { type: 'command', command: 'node gatehouse.mjs hook permission-request --verbose' },
      { type: 'command', command: '/n', args: ['/x/gatehouse.mjs', 'hook', 'stop'] },
      { type: 'command', command: '/n', args: ['/x/gatehouse.mjs', 'hook', 'permission-request', 'extra'] },
      { type: 'http', url: 'http://127.0.0.1/gatehouse.mjs hook permission-request' },
      'gatehouse.mjs hook permission-request',
    ])
      expect(isGatehouseHandler(handler, permission), JSON.stringify(handler)).toBe(false);
  });
});
