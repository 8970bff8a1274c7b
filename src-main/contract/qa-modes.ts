/**
 * The retrieval modes, as plain data: the CLI lists them in its help without loading zod (the schema in
 * qa.ts is built from this list).
 */
export const QA_MODES = ['auto', 'agentic', 'local', 'global', 'naive'] as const;
