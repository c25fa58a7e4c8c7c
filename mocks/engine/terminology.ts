import type { CodeSystem, ValueSet } from '@medplum/fhirtypes';
import type { DefinitionFile, DefinitionLoader } from './definition-files';

const FILES: DefinitionFile[] = ['valuesets', 'v3-codesystems', 'valuesets-medplum'];

/**
 * The published FHIR value sets and code systems, used by $expand when the caller's project has no
 * value set of the url asked for (the console's forms bind to them). Loaded on first need.
 */
export class GlobalTerminology {
  private valueSets: Map<string, ValueSet> | undefined;
  private codeSystems: Map<string, CodeSystem> | undefined;
  private pending: Promise<void> | undefined;

  constructor(private readonly loader: DefinitionLoader) {}

  get isLoaded(): boolean {
    return this.valueSets !== undefined;
  }

  ensure(): Promise<void> {
    this.pending ??= this.load().catch((error: unknown) => {
      this.pending = undefined;
      throw error;
    });
    return this.pending;
  }

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
