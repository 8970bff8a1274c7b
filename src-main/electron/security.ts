import { app, dialog, session, shell, type WebContents } from 'electron';
import { decideExternalLink } from './external-links';

export const APP_ORIGIN = 'app://ariadne';

export function isTrustedUrl(url: string): boolean {
  return url === APP_ORIGIN || url.startsWith(`${APP_ORIGIN}/`);
}

/**
 * Electron's security checklist, applied app-wide: deny every permission request, every new window and
 * every navigation away from app://; external links open in the user's browser instead, under the rules
 * of `decideExternalLink` (https only; unknown hosts after a confirmation).
 */
export function hardenApp(): void {
  session.defaultSession.setPermissionRequestHandler((_wc, _permission, callback) => callback(false));
  session.defaultSession.setPermissionCheckHandler(() => false);
  app.on('web-contents-created', (_e, contents: WebContents) => {
    contents.setWindowOpenHandler(({ url }) => {
      void openLink(url);
      return { action: 'deny' };
    });
    contents.on('will-navigate', (event, url) => {
      if (!isTrustedUrl(url)) event.preventDefault();
    });
    contents.on('will-attach-webview', (event) => event.preventDefault());
  });
}

/** Hands a link to the system browser if `decideExternalLink` allows it, asking first for unknown hosts. */
async function openLink(raw: string): Promise<void> {
  const d = decideExternalLink(raw);
  if (d.action === 'deny') return;
  if (d.action === 'confirm') {
    const { response } = await dialog.showMessageBox({
      type: 'question',
      buttons: ['Open in browser', 'Cancel'],
      defaultId: 1,
      cancelId: 1,
      message: `Open a link to ${d.host}?`,
      detail: d.url,
    });
    if (response !== 0) return;
  }
  await shell.openExternal(d.url);
}
