import os from 'node:os';
import path from 'node:path';

/**
 * The OS-appropriate library folder, shared by the desktop app and the CLI so both open the same library:
 * the same place Electron's `app.getPath('userData')` points to for an app named "Ariadne".
 */
export function defaultDataDir(env: NodeJS.ProcessEnv = process.env, platform = process.platform): string {
  const home = os.homedir();
  const base =
    platform === 'win32'
      ? (env.APPDATA ?? path.join(home, 'AppData', 'Roaming'))
      : platform === 'darwin'
        ? path.join(home, 'Library', 'Application Support')
        : (env.XDG_CONFIG_HOME ?? path.join(home, '.config'));
  return path.join(base, 'Ariadne', 'library');
}
