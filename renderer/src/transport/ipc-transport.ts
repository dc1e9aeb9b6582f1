import type { ConsoleApi, PreloadApi } from '../../../common/console-contract';

/** The Electron window's transport: the preload's functions, one per channel. */
export function createIpcTransport(preload: PreloadApi): ConsoleApi {
  return {
    invoke: (channel, args) => preload.invoke[channel](args as never) as never,
    on: (channel, listener) => preload.on[channel](listener),
  };
}
