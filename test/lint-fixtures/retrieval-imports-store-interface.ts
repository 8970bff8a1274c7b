// Linted as src-main/core/retrieval/lint-fixture.ts: the store interface and a model task are allowed.
import { type GraphStore } from '../store/graph-store';
import { type ModelTask } from '../llm/tasks';

export type Fixture = [GraphStore, ModelTask];
