import type { AccessPolicy, AccessPolicyResource, Resource } from '@medplum/fhirtypes';
import type { PatientCompartment } from './compartment';
import { policyFields, withFieldsKept } from './field-paths';
import { isDefinitionType } from './definitions';
import { FhirError, forbidden } from './outcome';
import type { ProjectSearchEngine, RequestContext, TypeVisibility, Visibility } from './types';

/** The FHIR interactions an access policy grants, as Medplum names them. */
export type Interaction = 'read' | 'vread' | 'history' | 'search' | 'create' | 'update' | 'delete';

const READ_INTERACTIONS: ReadonlySet<Interaction> = new Set(['read', 'vread', 'history', 'search']);

/** Types only a project admin reaches at all, and only by naming them: never through a '*' entry. */
export const ADMIN_TYPES: ReadonlySet<string> = new Set(['Project', 'ProjectMembership', 'User']);

/**
 * Types anyone with access may read but only a project admin writes: a bot's code runs with rights in
 * the project, and a policy or client decides who reaches what.
 */
export const ADMIN_WRITE_TYPES: ReadonlySet<string> = new Set(['Bot', 'AccessPolicy', 'ClientApplication']);

type Rule = TypeVisibility;
type Test = (resource: Resource) => boolean;

const anyOf = (tests: Test[]): 'none' | Test => {
  if (tests.length === 0) return 'none';
  if (tests.length === 1) return tests[0] as (resource: Resource) => boolean;
  return (resource) => tests.some((test) => test(resource));
};

/**
 * What one caller may do in their project: the membership's admin flag, and its access policy in
 * Medplum's form (resource entries with a type or '*', optional search criteria, an optional
 * compartment, readonly or a list of interactions). Without a policy a member reaches every type but
 * the admin ones. A policy grants only what one of its entries allows; a resource outside the policy
 * reads as absent (404), a write outside it is refused (403).
 */
export class AccessControl {
  private readonly rules = new Map<string, Rule>();
  private readonly hidden = new Map<string, readonly string[]>();

  constructor(
    private readonly context: RequestContext,
    private readonly search: ProjectSearchEngine,
    private readonly compartment: PatientCompartment
  ) {}

  /** 403 unless the caller may perform the interaction on some resources of the type. */
  requireType(resourceType: string, interaction: Interaction): void {
    if (this.rule(resourceType, interaction) === 'none') throw this.refusal(resourceType, interaction);
  }

  /** Whether the caller may perform the interaction on this resource. */
  allows(resource: Resource, interaction: Interaction): boolean {
    const rule = this.rule(resource.resourceType, interaction);
    return rule === 'all' || (rule !== 'none' && rule(resource));
  }

  /** The fields the caller's policy hides for a type: they are taken out of every answer. */
  hiddenFields(resourceType: string): readonly string[] {
    let fields = this.hidden.get(resourceType);
    if (!fields) {
      fields = policyFields(this.context.accessPolicy, resourceType, 'hiddenFields');
      this.hidden.set(resourceType, fields);
    }
    return fields;
  }

  /** Whether the caller's policy hides any field of any type. */
  get hidesFields(): boolean {
    return (this.context.accessPolicy?.resource ?? []).some((entry) => (entry.hiddenFields ?? []).length > 0);
  }

  /**
   * What a write may store, as Medplum does: the policy's readonly and hidden fields keep their
   * stored values (a new resource gets none), whatever the caller sent. A write that changes only
   * such a field therefore changes nothing.
   */
  keepProtectedFields<T extends Resource>(written: T, stored: Resource | undefined): T {
    const policy = this.context.accessPolicy;
    if (!policy) return written;
    const paths = [
      ...policyFields(policy, written.resourceType, 'readonlyFields'),
      ...this.hiddenFields(written.resourceType),
    ];
    return paths.length > 0 ? withFieldsKept(written, stored, paths) : written;
  }

  /** What a search may see, or undefined when the caller sees the whole project. */
  visibility(): Visibility | undefined {
    if (!this.context.accessPolicy && this.context.admin) return undefined;
    return (resourceType) => this.rule(resourceType, 'search');
  }

  /**
   * A write of `before` (the current version, if any) into `after` (none for a delete): the caller
   * must be able to see the current version (else it reads as absent, 404), may change it, and may
   * leave it in its new form (403 otherwise), so a patient cannot move a record out of, or into,
   * someone else's compartment.
   */
  requireWrite(
    resourceType: string,
    id: string,
    before: Resource | undefined,
    after: Resource | undefined
  ): void {
    const interaction: Interaction = !after ? 'delete' : before ? 'update' : 'create';
    this.requireType(resourceType, interaction);
    if (before && !this.allows(before, 'read')) {
      throw new FhirError(404, `${resourceType}/${id} not found`, 'not-found');
    }
    if (before && !this.allows(before, interaction)) throw this.refusal(resourceType, interaction);
    if (after && !this.allows(after, interaction)) throw this.refusal(resourceType, interaction);
  }

  private refusal(resourceType: string, interaction: Interaction): FhirError {
    if (ADMIN_TYPES.has(resourceType) || ADMIN_WRITE_TYPES.has(resourceType)) {
      return forbidden(
        `Only a project admin can ${READ_INTERACTIONS.has(interaction) ? 'read' : 'change'} ${resourceType} resources`
      );
    }
    return forbidden(`Your access policy does not allow ${interaction} of ${resourceType} resources`);
  }

  private rule(resourceType: string, interaction: Interaction): Rule {
    const key = `${resourceType} ${interaction}`;
    let rule = this.rules.get(key);
    if (rule === undefined) this.rules.set(key, (rule = this.decide(resourceType, interaction)));
    return rule;
  }

  private decide(resourceType: string, interaction: Interaction): Rule {
    const reads = READ_INTERACTIONS.has(interaction);
    // The published definitions are the same for everyone and read-only.
    if (isDefinitionType(resourceType)) return reads ? 'all' : 'none';
    const { admin, accessPolicy, projectId } = this.context;
    if (ADMIN_TYPES.has(resourceType)) {
      if (!admin) return 'none';
      // An admin changes only their own project's settings.
      if (resourceType === 'Project' && !reads) return (resource) => resource.id === projectId;
      return 'all';
    }
    if (ADMIN_WRITE_TYPES.has(resourceType) && !reads && !admin) return 'none';
    if (!accessPolicy) return 'all';
    return this.policyRule(accessPolicy, resourceType, interaction);
  }

  private policyRule(policy: AccessPolicy, resourceType: string, interaction: Interaction): Rule {
    const tests: Test[] = [];
    for (const entry of policy.resource ?? []) {
      if (entry.resourceType !== resourceType && entry.resourceType !== '*') continue;
      if (!grants(entry, interaction)) continue;
      const test = this.entryTest(policy, entry, resourceType);
      if (test === 'all') return 'all';
      if (test !== 'none') tests.push(test);
    }
    return anyOf(tests);
  }

  /** Which resources of a type one policy entry covers; an entry whose criteria cannot be read covers none. */
  private entryTest(policy: AccessPolicy, entry: AccessPolicyResource, resourceType: string): Rule {
    // A Binary has no search parameters to restrict it by, as in Medplum.
    if (resourceType === 'Binary') return 'all';
    const tests: Test[] = [];
    const compartments: string[] = [];
    const compartment = entry.compartment?.reference ?? policy.compartment?.reference;
    if (compartment) compartments.push(compartment);
    if (entry.criteria) {
      const queryStart = entry.criteria.indexOf('?');
      const criteriaType = queryStart >= 0 ? entry.criteria.slice(0, queryStart) : entry.criteria;
      if (criteriaType !== resourceType && criteriaType !== '*') return 'none';
      const params = new URLSearchParams(queryStart >= 0 ? entry.criteria.slice(queryStart + 1) : '');
      for (const value of params.getAll('_compartment')) compartments.push(...value.split(','));
      params.delete('_compartment');
      if ([...params.keys()].length > 0) {
        try {
          tests.push(this.search.matcher(resourceType, params));
        } catch {
          return 'none';
        }
      }
    }
    for (const reference of compartments) {
      const test = this.inCompartment(resourceType, reference);
      if (test === 'none') return 'none';
      tests.push(test);
    }
    if (tests.length === 0) return 'all';
    return (resource) => tests.every((test) => test(resource));
  }

  /** Resources in a compartment: for a patient, FHIR's Patient compartment; else meta.compartment. */
  private inCompartment(resourceType: string, reference: string): 'none' | Test {
    const [compartmentType, compartmentId] = reference.split('/');
    if (compartmentType !== 'Patient' || !compartmentId) {
      return (resource) => resource.meta?.compartment?.some((c) => c.reference === reference) ?? false;
    }
    const tests: Test[] = [];
    if (resourceType === 'Patient') tests.push((resource) => resource.id === compartmentId);
    for (const param of this.compartment.paramsOf(resourceType)) {
      try {
        tests.push(this.search.matcher(resourceType, new URLSearchParams({ [param]: reference })));
      } catch {
        // A parameter this server does not define cannot link the resource to the patient.
      }
    }
    return anyOf(tests);
  }
}

function grants(entry: AccessPolicyResource, interaction: Interaction): boolean {
  if (entry.interaction) return (entry.interaction as string[]).includes(interaction);
  return !entry.readonly || READ_INTERACTIONS.has(interaction);
}
