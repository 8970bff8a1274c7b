// Linted as src-main/cli/commands/lint-fixture.ts: the CLI goes through the core services.
import { openVectors } from '../../core/store/lancedb/vector-store';

export const fixture = openVectors;
