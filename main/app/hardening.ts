/**
 * Electron's security checklist, applied once for every web contents and session the app creates:
 * navigation and new windows denied (items 13, 14), webviews refused, every permission request and check
 * denied (item 5).
 */
import type { App, Session, WebContents } from 'electron';
import { isTrustedUrl } from './trusted-origin';

export function hardenWebContents(contents: WebContents, devServerUrl: string | undefined): void {
  contents.on('will-navigate', (event, url) => {
    if (!isTrustedUrl(url, devServerUrl)) event.preventDefault();
  });
  contents.on('will-redirect', (event, url) => {
    if (!isTrustedUrl(url, devServerUrl)) event.preventDefault();
  });
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWindowOpenHandler(() => ({ action: 'deny' }));
}

export function hardenSession(session: Session): void {
  session.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  session.setPermissionCheckHandler(() => false);
}

export function hardenApp(app: App, devServerUrl: string | undefined): void {
  app.on('web-contents-created', (_event, contents) => hardenWebContents(contents, devServerUrl));
}
