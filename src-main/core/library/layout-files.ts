import fs from 'node:fs';
import path from 'node:path';
import type { LayoutView, StoredLayout } from '../../contract/layout';
import { writeFileAtomic } from './atomic-file';

/**
 * The explorer's node positions per view (`layouts/<view>.json`): computed once by the layout and stored,
 * so a library looks the same on every visit and a new node is placed among the old ones instead of the
 * whole picture moving. Positions are rounded to 1/100 of a layout unit (a 50,000-node file is ~2 MB).
 */
export interface LayoutFiles {
  read(view: LayoutView): Promise<StoredLayout>;
  write(view: LayoutView, layout: StoredLayout): Promise<void>;
}

const EMPTY: StoredLayout = { ids: [], xy: [] };

export function openLayoutFiles(dataDir: string): LayoutFiles {
  const dir = path.join(dataDir, 'layouts');
  const fileOf = (view: LayoutView) => path.join(dir, `${view}.json`);
  return {
    async read(view) {
      try {
        const body = JSON.parse(await fs.promises.readFile(fileOf(view), 'utf8')) as Partial<StoredLayout> & {
          v?: number;
        };
        const ok =
          body.v === 1 &&
          Array.isArray(body.ids) &&
          Array.isArray(body.xy) &&
          body.xy.length === 2 * body.ids.length;
        return ok ? { ids: body.ids as string[], xy: body.xy as number[] } : EMPTY;
      } catch {
        return EMPTY;
      }
    },
    async write(view, layout) {
      await fs.promises.mkdir(dir, { recursive: true });
      const xy = layout.xy.map((v) => Math.round(v * 100) / 100);
      await writeFileAtomic(fileOf(view), JSON.stringify({ v: 1, ids: layout.ids, xy }));
    },
  };
}
