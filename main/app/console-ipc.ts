/**
 * The console contract over Electron IPC. Every invoke goes through one wrapper that checks the sender
 * (a window this app created, its main frame, our origin: checklist item 17) before the arguments are
 * validated and the handler runs.
 */
import type { IpcMain, IpcMainInvokeEvent, WebContents } from 'electron';
import { eventIpcChannel, invokeChannels } from '../../common/console-contract';
import type { Caller, Result } from '../../common/console-contract';
import type { ConsoleService } from '../console/console-service';
import { dispatchInvoke } from '../console/dispatch-invoke';
import { isTrustedUrl } from './trusted-origin';

export interface TrustedSenders {
  add(contents: WebContents): void;
  isTrusted(event: IpcMainInvokeEvent): boolean;
  forEach(fn: (contents: WebContents) => void): void;
}

export function createTrustedSenders(
  devServerUrl: string | undefined,
  onGone: (contents: WebContents) => void,
): TrustedSenders {
  const trusted = new Map<number, WebContents>();
  return {
    add(contents) {
      trusted.set(contents.id, contents);
      contents.once('destroyed', () => {
        trusted.delete(contents.id);
        onGone(contents);
      });
    },
    isTrusted(event) {
      const frame = event.senderFrame;
      return (
        trusted.has(event.sender.id) &&
        frame !== null &&
        frame.parent === null &&
        isTrustedUrl(frame.url, devServerUrl)
      );
    },
    forEach: (fn) => trusted.forEach(fn),
  };
}

export const windowCaller = (contents: Pick<WebContents, 'id'>): Caller => ({
  id: `window:${contents.id}`,
  channel: 'window',
});

const REFUSED: Result<never> = {
  ok: false,
  error: { code: 'untrusted-sender', message: 'This window may not use the console.' },
};

export function registerConsoleIpc(
  ipcMain: IpcMain,
  service: ConsoleService,
  senders: TrustedSenders,
): () => void {
  for (const channel of invokeChannels) {
    ipcMain.handle(channel, (event, args: unknown) =>
      senders.isTrusted(event)
        ? dispatchInvoke(service.handlers, channel, args, windowCaller(event.sender))
        : REFUSED,
    );
  }
  const unsubscribe = service.subscribe((channel, payload) =>
    senders.forEach((contents) => contents.send(eventIpcChannel(channel), payload)),
  );
  return () => {
    unsubscribe();
    for (const channel of invokeChannels) ipcMain.removeHandler(channel);
  };
}
