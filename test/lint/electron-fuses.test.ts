import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error plain-JS packaging script without type declarations
import { applyFuses } from '../../scripts/flip-fuses.js';

describe('the packaging step flips Electron fuses', () => {
  it('turns RunAsNode, NODE_OPTIONS and --inspect off, cookie encryption and ASAR integrity on', async () => {
    // A stand-in executable holding only a fuse wire (sentinel, version 1, nine fuses, all on), as
    // Electron's binary carries one; the download of the real binary is not available here.
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'ariadne-fuses-')), 'electron');
    const wire = Buffer.concat([
      Buffer.alloc(64, 0),
      Buffer.from('dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX'),
      Buffer.from([1, 9]),
      Buffer.from('111111111'),
      Buffer.alloc(64, 0),
    ]);
    fs.writeFileSync(file, wire);
    const states = (await applyFuses(file)) as Record<string, string>;
    expect(states).toMatchObject({
      RunAsNode: 'off',
      EnableCookieEncryption: 'on',
      EnableNodeOptionsEnvironmentVariable: 'off',
      EnableNodeCliInspectArguments: 'off',
      EnableEmbeddedAsarIntegrityValidation: 'on',
      OnlyLoadAppFromAsar: 'on',
    });
  });
});
