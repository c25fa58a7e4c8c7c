import { isDataTypeLoaded, loadDataType, OperationOutcomeError, validateResource } from '@medplum/core';
import type {
  OperationOutcome,
  OperationOutcomeIssue,
  Resource,
  StructureDefinition,
} from '@medplum/fhirtypes';
import type { GlobalDefinitions } from './definitions';
import { FhirError } from './outcome';
import type { GlobalTerminology } from './terminology';
import { RequiredBindings } from './validation-bindings';
import { loadOnce } from './load-once';

/**
 * A 400 whose OperationOutcome holds one issue per problem, each with the FHIRPath of the element
 * at fault (`Patient.birthDate`), as a FHIR server answers an invalid resource.
 */
export class InvalidResource extends FhirError {
  constructor(
    readonly issues: OperationOutcomeIssue[],
    message = issues[0]?.details?.text ?? 'Invalid resource'
  ) {
    super(400, message, issues[0]?.code ?? 'invalid', issues[0]?.expression?.[0]);
    this.name = 'InvalidResource';
  }

  override toOutcome(): OperationOutcome {
    return { resourceType: 'OperationOutcome', issue: this.issues };
  }
}

/** Schemas indexed into @medplum/core's registry by any validator of this module instance. */
const indexedTypes = new Set<string>();

/**
 * Validates resources against the R4 StructureDefinitions (and the server's own types) with
 * @medplum/core's validator: unknown properties, JSON types, primitive formats, cardinality and
 * invariants; plus the codes of required bindings, which that validator leaves to the server.
 *
 * The definitions load once (shared with the StructureDefinition endpoint); each resource type's
 * schema is parsed on its first write, so a write costs only the walk of its own resource.
 */
export class ResourceValidation {
  private byType: Map<string, StructureDefinition> | undefined;
  private bindings: RequiredBindings | undefined;

  constructor(
    private readonly definitions: GlobalDefinitions,
    private readonly terminology: GlobalTerminology
  ) {}

  /** Loads the definitions and value sets once; concurrent callers share the load. */
  readonly ensure = loadOnce(() => this.load());

  get isReady(): boolean {
    return this.bindings !== undefined;
  }

  /** The errors that make a resource invalid; empty when it is valid FHIR. */
  errors(resource: Resource): OperationOutcomeIssue[] {
    const bindings = this.bindings;
    if (!bindings) throw new Error('Resource validation is not loaded yet');
    this.prepareTypes(resource);
    let issues: OperationOutcomeIssue[];
    try {
      issues = validateResource(resource);
    } catch (error) {
      if (!(error instanceof OperationOutcomeError)) throw error;
      issues = error.outcome.issue ?? [];
    }
    const errors = issues.filter((issue) => issue.severity === 'error' || issue.severity === 'fatal');
    return errors.concat(bindings.check(resource));
  }

  /** Throws InvalidResource (400) when the resource is not valid FHIR. */
  assertValid(resource: Resource): void {
    const errors = this.errors(resource);
    if (errors.length > 0) throw new InvalidResource(errors);
  }

  private async load(): Promise<void> {
    await Promise.all([this.definitions.ensure('StructureDefinition'), this.terminology.ensure()]);
    const byType = new Map<string, StructureDefinition>();
    for (const resource of this.definitions.all('StructureDefinition')) {
      const definition = resource as StructureDefinition;
      if (definition.derivation === 'constraint' || !definition.type || !definition.snapshot) continue;
      if (definition.kind === 'primitive-type' || definition.kind === 'logical') continue;
      byType.set(definition.type, definition);
    }
    // The data types' full definitions (bindings, invariants) replace the summary @medplum/core starts with.
    for (const definition of byType.values()) {
      if (definition.kind === 'complex-type') indexType(definition);
    }
    this.byType = byType;
    this.bindings = new RequiredBindings(this.terminology);
  }

  /**
   * Parses the schema of the resource's type and of every resource it holds (contained, bundle
   * entries, parameters). A nested type the server does not know fails in the validator.
   */
  private prepareTypes(value: unknown): void {
    if (Array.isArray(value)) {
      for (const item of value) if (typeof item === 'object' && item !== null) this.prepareTypes(item);
      return;
    }
    if (typeof value !== 'object' || value === null) return;
    const type = (value as { resourceType?: unknown }).resourceType;
    if (typeof type === 'string') {
      const definition = this.byType?.get(type);
      if (definition?.kind === 'resource') indexType(definition);
    }
    for (const item of Object.values(value)) {
      if (typeof item === 'object' && item !== null) this.prepareTypes(item);
    }
  }
}

function indexType(definition: StructureDefinition): void {
  const type = definition.type as string;
  if (indexedTypes.has(type)) return;
  // A schema another part of the process indexed (a client's requestSchema) is the same definition.
  if (definition.kind !== 'complex-type' && isDataTypeLoaded(type)) {
    indexedTypes.add(type);
    return;
  }
  loadDataType(definition);
  indexedTypes.add(type);
}
