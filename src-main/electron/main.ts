import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { app, BrowserWindow, dialog } from 'electron';
import { bootCore } from '../core/boot';
import { desktopBootOptions } from '../core/boot-settings';
import { createFileLogger } from '../core/log-file';
import { defaultDataDir } from '../core/paths';
import { createDispatcher } from '../rpc/dispatch';
import { shareLibrary } from '../rpc/server/library-endpoint';
import { registerIpcTransport } from '../rpc/transports/electron-ipc';
import { VERSION } from '../version';
import { registerAppScheme, serveRenderer } from './protocol';
import { APP_ORIGIN, hardenApp, isTrustedUrl } from './security';

const here = path.dirname(fileURLToPath(import.meta.url));
app.setName('Ariadne');
registerAppScheme();

// One window per library: a second launch focuses the first instead of fighting over the database lock.
if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  let win: BrowserWindow | null = null;
  app.on('second-instance', () => {
    if (win) {
      if (win.isMinimized()) win.restore();
      win.focus();
    }
  });

  void app.whenReady().then(async () => {
    hardenApp();
    serveRenderer(path.join(here, '../renderer'));
    const dataDir = process.env.ARIADNE_DATA ?? defaultDataDir();
    fs.mkdirSync(dataDir, { recursive: true });
    const log = createFileLogger({ dataDir, verbose: process.env.ARIADNE_VERBOSE === '1' });
    let booted;
    try {
      // The library's saved provider and models, unless the environment says otherwise (boot-settings.ts).
      booted = await bootCore({
        ...desktopBootOptions(process.env, dataDir),
        host: 'electron',
        version: VERSION,
        log,
      });
    } catch (e) {
      dialog.showErrorBox('Ariadne could not open its library', (e as Error).message);
      app.exit(1);
      return;
    }
    const { core } = booted;
    const dispatcher = createDispatcher(core.handlers, log);
    const unregister = registerIpcTransport(dispatcher, core.events, isTrustedUrl);
    // `ariadne status`, `search` and `ask` on this library go through the app while it runs.
    const shared = await shareLibrary({ dataDir, dispatcher, events: core.events, log }).catch(() => null);

    win = new BrowserWindow({
      width: 1360,
      height: 860,
      minWidth: 900,
      minHeight: 600,
      title: 'Ariadne',
      show: false,
      backgroundColor: '#111418',
      webPreferences: {
        preload: path.join(here, '../preload/preload.cjs'),
        contextIsolation: true,
        sandbox: true,
        nodeIntegration: false,
        webSecurity: true,
        allowRunningInsecureContent: false,
        webviewTag: false,
        spellcheck: false,
      },
    });
    win.once('ready-to-show', () => {
      win?.show();
      // The window is up: open what the library deferred (its vector index) before the first search.
      core.warmUp();
    });
    void win.loadURL(`${APP_ORIGIN}/index.html`);

    app.on('window-all-closed', () => app.quit());
    app.on('will-quit', (e) => {
      e.preventDefault();
      unregister();
      void (shared?.close() ?? Promise.resolve()).then(() => core.close()).finally(() => app.exit(0));
    });
  });
}
