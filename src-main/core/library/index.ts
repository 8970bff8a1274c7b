export { openLibrary, type Library, type OpenLibraryOptions } from './open-library';
export { reconcile, type ReconcileReport } from './reconcile';
export { canonicalDump, type CanonicalDump } from './canonical-dump';
export type { LibrarySettings, SettingsStore } from './settings';
export type { Originals } from './originals';
export type { DocumentFacts } from './document-facts';
