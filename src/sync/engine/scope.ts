import type { Practitioner, PractitionerRole, Resource, Task } from '@medplum/fhirtypes';
import type { SearchParams } from '../fhir/fhir-client';
import type { SyncContext } from './context';

/** The queues of the signed-in user: her role codes and the states she is licensed in. */
export interface UserScope {
  profile?: Resource;
  roles: PractitionerRole[];
  roleCodes: string[];
  states: string[];
}

/** The identifier of the licence-state extension on Practitioner.qualification. */
const WHERE_VALID = 'whereValid';

/** Reads the user's profile and PractitionerRoles: what her queues are. */
export async function loadUserScope(context: SyncContext): Promise<UserScope> {
  const reference = context.profile.reference ?? '';
  const [type = '', id = ''] = reference.split('/');
  const profile = type && id ? await context.fhir.read(type, id, { noCache: true }) : undefined;
  const roles = (await context.fhir.searchAll(
    'PractitionerRole',
    { practitioner: reference, _count: context.pageSize },
    { noCache: true }
  )) as PractitionerRole[];
  const roleCodes = unique(
    roles
      .filter((role) => role.resourceType === 'PractitionerRole')
      .map((role) => role.code?.[0]?.coding?.[0]?.code)
  );
  return { profile, roles, roleCodes, states: licensedStates(profile) };
}

/** The state codes of the practitioner's qualifications (extension whereValid). */
export function licensedStates(profile: Resource | undefined): string[] {
  if (profile?.resourceType !== 'Practitioner') return [];
  const states = (profile as Practitioner).qualification?.flatMap((qualification) =>
    (qualification.extension ?? []).flatMap((extension) =>
      (extension.extension ?? [])
        .filter((inner) => inner.url === WHERE_VALID)
        .flatMap((inner) => inner.valueCodeableConcept?.coding?.map((coding) => coding.code) ?? [])
    )
  );
  return unique(states ?? []);
}

/** One Task search of the scope, with what it pulls in. */
export interface TaskQuery {
  name: string;
  params: SearchParams;
  max?: number;
}

const INCLUDES = { _include: ['Task:patient', 'Task:owner'] };

/**
 * The task searches that fill the replica: the user's own tasks, each role queue, each state queue,
 * and the most recently updated tasks up to the cap (All Tasks).
 */
export function taskQueries(context: SyncContext, scope: UserScope): TaskQuery[] {
  const me = context.profile.reference ?? '';
  const open = { 'status:not': 'completed', _count: context.pageSize, ...INCLUDES };
  const unowned = { ...open, 'owner:missing': 'true' };
  return [
    { name: 'own', params: { ...open, owner: me } },
    ...scope.roleCodes.map((code) => ({ name: `role ${code}`, params: { ...unowned, performer: code } })),
    ...scope.states.map((state) => ({
      name: `state ${state}`,
      params: { ...unowned, 'patient.address-state': state },
    })),
    {
      name: 'all',
      params: {
        _sort: '-_lastUpdated',
        _count: Math.min(context.pageSize, context.allTasksCap),
        ...INCLUDES,
      },
      max: context.allTasksCap,
    },
  ];
}

/** The references of a task that the replica also holds: patient, owner and focus. */
export function referencesOf(resource: Resource): string[] {
  if (resource.resourceType !== 'Task') return [];
  const task = resource as Task;
  return [task.for?.reference, task.owner?.reference, task.focus?.reference].filter(
    (reference): reference is string => !!reference && /^[A-Za-z]+\/[A-Za-z0-9\-.]{1,64}$/.test(reference)
  );
}

function unique(values: (string | undefined)[]): string[] {
  return [...new Set(values.filter((value): value is string => !!value))];
}
