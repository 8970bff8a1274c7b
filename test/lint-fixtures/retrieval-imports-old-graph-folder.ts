// Linted as src-main/core/retrieval/search/lint-fixture.ts: the Kùzu implementation under its old folder name.
import { type EntityRow } from '../../store/graph/types';

export type Fixture = EntityRow;
