export { createFhirEngine, DEFAULT_BASE_PATH } from './engine';
export type { EngineChange, EngineSnapshot, FhirEngine, FhirEngineOptions } from './engine';
export type { DefinitionFile, DefinitionLoader } from './definition-files';
export type { SavedSearchIndex, SearchEngineFactory, VersionRecord, WriteMethod } from './store';
