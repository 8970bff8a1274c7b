import type { ApiHandlers } from '../../contract';
import type { LayoutFiles } from '../library/layout-files';

type LayoutHandlers = Pick<ApiHandlers, 'graph:layout' | 'graph:save-layout'>;

/** The explorer's stored layouts: files in the library folder, so they travel with it. */
export function createLayoutHandlers(files: LayoutFiles): LayoutHandlers {
  return {
    async 'graph:layout'({ view }) {
      return files.read(view);
    },
    async 'graph:save-layout'({ view, ids, xy }) {
      await files.write(view, { ids, xy });
      return { ok: true as const };
    },
  };
}
