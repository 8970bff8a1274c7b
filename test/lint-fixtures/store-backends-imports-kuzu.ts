// Linted as src-main/core/store/backends.ts: the registration point is where the implementations meet.
import { openKuzu } from './kuzu/kuzu-db';
import { openVectors } from './lancedb/vector-store';

export const backends = { kuzu: openKuzu, lancedb: openVectors };
