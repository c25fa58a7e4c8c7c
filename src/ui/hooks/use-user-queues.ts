import { licensedStates, roleCodings, type QueueCoding } from '@/fhir/task-queues';
import { useReplicaQuery } from '../use-replica-query';
import { useProfile } from './use-profile';

export type QueueChoice = QueueCoding;

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
      roleCodings(
        (await reader.recordsOfType('PractitionerRole'))
          .filter((record) => record.deleted === 0)
          .map((record) => record.resource),
        reference
      ),
    [reference]
  );
  return { roles: roles ?? [], states: licensedStates(profile), loading: roles === undefined };
}
