import type { HumanName, Resource } from '@medplum/fhirtypes';
import { formatCodeableConcept } from './concept';
import { formatHumanName } from './human-name';

/** The name people know a resource by: a person's name, else a name or title, else ''. */
export function resourceName(resource: Resource | undefined): string {
  if (!resource) return '';
  const named = resource as { name?: unknown; title?: unknown; code?: unknown };
  if (Array.isArray(named.name)) return formatHumanName(named.name[0] as HumanName | undefined);
  if (typeof named.name === 'string') return named.name;
  if (typeof named.title === 'string') return named.title;
  if (resource.resourceType === 'PractitionerRole' && Array.isArray(named.code)) {
    return formatCodeableConcept(named.code[0]);
  }
  return '';
}
