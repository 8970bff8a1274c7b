// Linted as src-main/core/retrieval/lint-fixture.ts: retrieval reaching into the Kùzu implementation.
import { openKuzu } from '../store/kuzu/kuzu-db';

export const fixture = openKuzu;
