import { describe, expect, it } from 'vitest';
import { defaultDataDir } from './paths';

describe('defaultDataDir', () => {
  it('follows XDG on Linux', () => {
    expect(defaultDataDir({ XDG_CONFIG_HOME: '/x/cfg' }, 'linux')).toBe('/x/cfg/Ariadne/library');
  });
  it('uses Application Support on macOS and APPDATA on Windows', () => {
    expect(defaultDataDir({}, 'darwin')).toMatch(/Library\/Application Support\/Ariadne\/library$/);
    expect(defaultDataDir({ APPDATA: 'C:/Users/a/AppData/Roaming' }, 'win32')).toContain('Roaming');
  });
});
