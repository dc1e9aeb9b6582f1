/**
 * The only bridge between the sandboxed renderer and main: one function per contract channel, each calling
 * exactly that channel. The renderer never sees `ipcRenderer` or an `IpcRendererEvent`.
 */
import { contextBridge, ipcRenderer } from 'electron';
import { eventChannels, eventIpcChannel, invokeChannels } from '../common/console-contract';
import type { EventChannel, InvokeChannel, PreloadApi } from '../common/console-contract';

const invoke = Object.fromEntries(
  invokeChannels.map((channel: InvokeChannel) => [
    channel,
    (args: unknown) => ipcRenderer.invoke(channel, args),
  ]),
) as unknown as PreloadApi['invoke'];

const on = Object.fromEntries(
  eventChannels.map((channel: EventChannel) => [
    channel,
    (listener: (payload: unknown) => void) => {
      const forward = (_event: unknown, payload: unknown) => listener(payload);
      ipcRenderer.on(eventIpcChannel(channel), forward);
      return () => ipcRenderer.removeListener(eventIpcChannel(channel), forward);
    },
  ]),
) as unknown as PreloadApi['on'];

const api: PreloadApi = { invoke, on };
contextBridge.exposeInMainWorld('gatehouse', api);
