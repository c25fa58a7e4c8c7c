import type { CompartmentDefinition } from '@medplum/fhirtypes';
import type { DefinitionLoader } from './definition-files';
import { loadOnce } from './load-once';

/**
 * FHIR's Patient compartment (the published CompartmentDefinition): for each resource type, the
 * search parameters whose reference to a patient puts a resource in that patient's compartment.
 * Loaded on first use, shared by every project.
 */
export class PatientCompartment {
  private params: Map<string, readonly string[]> | undefined;

  constructor(private readonly loader: DefinitionLoader) {}

  /** Loads the compartment definition once. */
  readonly ensure = loadOnce(() => this.load());

  get isLoaded(): boolean {
    return this.params !== undefined;
  }

  /** The parameters that link a resource of this type to its patient; none when it is never in one. */
  paramsOf(resourceType: string): readonly string[] {
    if (!this.params) throw new Error('The patient compartment is not loaded');
    return this.params.get(resourceType) ?? [];
  }

  private async load(): Promise<void> {
    // The loader is typed for bundles; this file holds one CompartmentDefinition.
    const definition = (await this.loader(
      'compartmentdefinition-patient'
    )) as unknown as CompartmentDefinition;
    const params = new Map<string, readonly string[]>();
    for (const entry of definition.resource ?? []) {
      if (entry.code && entry.param?.length) params.set(entry.code, [...entry.param]);
    }
    this.params = params;
  }
}
