// Writes 4 MB through writeFileAtomic into argv[2] and prints the error code it gets (run under a file-size limit).
import path from 'node:path';
import { writeFileAtomic } from '../../../src-main/core/library/atomic-file';

try {
  await writeFileAtomic(path.join(process.argv[2]!, 'original.bin'), new Uint8Array(4 * 1024 * 1024));
  process.stdout.write('written\n');
} catch (e) {
  process.stdout.write(`${(e as { code?: string }).code}\n`);
}
