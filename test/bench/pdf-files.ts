import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';

/** The PDFs directly in `dir`, sorted by name; none when the folder is absent (no ../shared beside the clone). */
export const pdfsIn = (dir: string): string[] =>
  existsSync(dir)
    ? readdirSync(dir)
        .filter((f) => f.endsWith('.pdf'))
        .sort()
        .map((f) => path.join(dir, f))
    : [];
