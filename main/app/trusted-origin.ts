/** The renderer's own origin: the app protocol in a packaged build, the dev server under `electron-vite dev`. */
export const APP_SCHEME = 'gatehouse';
export const APP_HOST = 'app';
export const APP_ENTRY = `${APP_SCHEME}://${APP_HOST}/index.html`;

export function isTrustedUrl(url: string | undefined, devServerUrl: string | undefined): boolean {
  if (!url) return false;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (parsed.protocol === `${APP_SCHEME}:` && parsed.host === APP_HOST) return true;
  if (devServerUrl) {
    const dev = new URL(devServerUrl);
    return parsed.origin === dev.origin;
  }
  return false;
}
