import fs from 'node:fs/promises';
import path from 'node:path';
import { AriadneError } from '../../contract/errors';

/**
 * Writes a file so that readers see the old content or the new, never a torn mix: write a temp file in
 * the same directory, fsync it, rename over the target, fsync the directory (so the rename survives power loss).
 */
export async function writeFileAtomic(file: string, data: string | Uint8Array): Promise<void> {
  const dir = path.dirname(file);
  const tmp = path.join(
    dir,
    `.${path.basename(file)}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`,
  );
  const fh = await fs.open(tmp, 'w');
  try {
    await fh.writeFile(data);
    await fh.sync();
  } catch (e) {
    // A full disk (or a file-size limit) must not leave the partial temp file behind: it kept the disk full.
    await fh.close().catch(() => undefined);
    await fs.rm(tmp, { force: true });
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ENOSPC' || code === 'EDQUOT' || code === 'EFBIG')
      throw new AriadneError(
        'disk_full',
        `Not enough disk space to write ${path.basename(file)} (${code}).`,
        {
          cause: e,
        },
      );
    throw e;
  }
  await fh.close();
  try {
    await fs.rename(tmp, file);
  } catch (e) {
    await fs.rm(tmp, { force: true });
    throw e;
  }
  const dh = await fs.open(dir, 'r').catch(() => null);
  if (dh) {
    await dh.sync().catch(() => undefined);
    await dh.close();
  }
}
