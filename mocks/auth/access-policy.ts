import type { AccessPolicy, Reference } from '@medplum/fhirtypes';
import { forbidden } from '../engine/outcome';
import type { ProjectDirectory } from './types';

/**
 * A membership's access policy as it applies to the member: read from the project and with its
 * parameters filled in (%patient and %profile are the member's profile reference, `.id` its id),
 * as Medplum fills them. A policy that cannot be read stops the member at the door rather than
 * letting them reach the whole project.
 */
export function memberAccessPolicy(
  directory: ProjectDirectory,
  projectId: string,
  policy: Reference<AccessPolicy>,
  profile: Reference
): AccessPolicy {
  const id = policy.reference?.replace(/^AccessPolicy\//, '') ?? '';
  const stored = id ? directory.readResource(projectId, 'AccessPolicy', id) : undefined;
  if (stored?.resourceType !== 'AccessPolicy') {
    throw forbidden('Your access policy cannot be found; ask a project admin to update your membership');
  }
  const reference = profile.reference ?? '';
  const profileId = reference.split('/')[1] ?? '';
  const fill = (text: string): string =>
    text
      .replaceAll('%patient.id', profileId)
      .replaceAll('%profile.id', profileId)
      .replaceAll('%patient', reference)
      .replaceAll('%profile', reference);
  return fillStrings(stored, fill) as AccessPolicy;
}

function fillStrings(value: unknown, fill: (text: string) => string): unknown {
  if (typeof value === 'string') return fill(value);
  if (Array.isArray(value)) return value.map((item) => fillStrings(item, fill));
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, fillStrings(item, fill)]));
}
