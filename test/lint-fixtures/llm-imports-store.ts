// Linted as src-main/core/llm/lint-fixture.ts: the model layer sits below the store and may not use it.
import { type GraphStore } from '../store/graph-store';

export type Fixture = GraphStore;
