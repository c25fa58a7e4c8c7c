import type { Practitioner, PractitionerRole } from '@medplum/fhirtypes';
import { useReplicaQuery } from '../use-replica-query';
import { useProfile } from './use-profile';

export interface QueueChoice {
  code: string;
  /** The name people read ('Doctor', 'New York'); the code when the data has none. */
  display: string;
}

export interface UserQueues {
  /** The user's practitioner roles: the role queues. */
  roles: QueueChoice[];
  /** The states the user is licensed in (Practitioner.qualification whereValid): the state queues. */
  states: QueueChoice[];
  loading: boolean;
}

/** Which role and state queues the signed-in user works, from the replica. */
export function useUserQueues(): UserQueues {
  const { reference, profile } = useProfile();
  const roles = useReplicaQuery(
    async (reader) =>
      (await reader.recordsOfType('PractitionerRole'))
        .filter((record) => record.deleted === 0)
        .map((record) => record.resource as PractitionerRole)
        .filter((role) => role.practitioner?.reference === reference),
    [reference]
  );
  return {
    roles: unique((roles ?? []).flatMap((role) => role.code?.[0]?.coding?.slice(0, 1) ?? [])),
    states: unique(licensedStateCodings(profile?.resourceType === 'Practitioner' ? profile : undefined)),
    loading: roles === undefined,
  };
}

interface CodingLike {
  code?: string;
  display?: string;
}

/** The codings of the licence states: extension whereValid inside Practitioner.qualification extensions. */
function licensedStateCodings(practitioner: Practitioner | undefined): CodingLike[] {
  return (practitioner?.qualification ?? []).flatMap((qualification) =>
    (qualification.extension ?? []).flatMap((extension) =>
      (extension.extension ?? [])
        .filter((inner) => inner.url === 'whereValid')
        .flatMap((inner) => inner.valueCodeableConcept?.coding ?? [])
    )
  );
}

function unique(codings: CodingLike[]): QueueChoice[] {
  const seen = new Map<string, QueueChoice>();
  for (const coding of codings) {
    if (coding.code && !seen.has(coding.code))
      seen.set(coding.code, { code: coding.code, display: coding.display ?? coding.code });
  }
  return [...seen.values()];
}
