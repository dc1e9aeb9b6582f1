import type { PreloadApi } from '../common/console-contract';

declare global {
  interface Window {
    /** Present in the Electron window only; the web console talks over its WebSocket instead. */
    readonly gatehouse?: PreloadApi;
  }
}
