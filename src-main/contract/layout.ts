import { z } from 'zod';
import { Ok, method } from './define';

/** Which picture a stored layout belongs to: the entity graph, its communities, or the paper map. */
export const LayoutView = z.enum(['entities', 'communities', 'papers']);
export type LayoutView = z.infer<typeof LayoutView>;

/** Node positions: `xy[2i]`, `xy[2i + 1]` are node `ids[i]`'s. */
export const StoredLayout = z.object({
  ids: z.array(z.string().min(1).max(300)).max(200_000),
  xy: z.array(z.number().finite()).max(400_000),
});
export type StoredLayout = z.infer<typeof StoredLayout>;

export const layoutMethods = {
  'graph:layout': method({
    input: z.object({ view: LayoutView }),
    output: StoredLayout,
    summary: 'The stored positions of a view’s nodes (empty before its first layout).',
  }),
  'graph:save-layout': method({
    input: StoredLayout.extend({ view: LayoutView }).refine((l) => l.xy.length === 2 * l.ids.length, {
      message: 'Give two coordinates per node.',
    }),
    output: Ok,
    summary: 'Stores the positions of a view’s nodes, so the picture is the same on every visit.',
  }),
};
