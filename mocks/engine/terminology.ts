import type { CodeSystem, ValueSet } from '@medplum/fhirtypes';
import type { DefinitionFile, DefinitionLoader } from './definition-files';
import { loadOnce } from './load-once';

const FILES: DefinitionFile[] = ['valuesets', 'v3-codesystems', 'valuesets-medplum'];

/**
 * The published FHIR value sets and code systems, used by $expand when the caller's project has no
 * value set of the url asked for (the console's forms bind to them). Loaded on first need.
 */
export class GlobalTerminology {
  private valueSets: Map<string, ValueSet> | undefined;
  private codeSystems: Map<string, CodeSystem> | undefined;

  constructor(private readonly loader: DefinitionLoader) {}

  get isLoaded(): boolean {
    return this.valueSets !== undefined;
  }

  /** Loads the value sets and code systems once. */
  readonly ensure = loadOnce(() => this.load());

  /** undefined when not loaded (callers load first) or unknown. */
  valueSet(url: string): ValueSet | undefined {
    return this.valueSets?.get(url);
  }

  codeSystem(url: string): CodeSystem | undefined {
    return this.codeSystems?.get(url);
  }

  private async load(): Promise<void> {
    const bundles = await Promise.all(FILES.map((file) => this.loader(file)));
    const valueSets = new Map<string, ValueSet>();
    const codeSystems = new Map<string, CodeSystem>();
    for (const bundle of bundles) {
      for (const entry of bundle.entry ?? []) {
        const resource = entry.resource;
        if (resource?.resourceType === 'ValueSet' && resource.url) valueSets.set(resource.url, resource);
        if (resource?.resourceType === 'CodeSystem' && resource.url) codeSystems.set(resource.url, resource);
      }
    }
    this.codeSystems = codeSystems;
    this.valueSets = valueSets;
  }
}
