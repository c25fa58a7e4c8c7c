import { useProfile, useUserQueues } from '@/ui';
import { PRACTITIONER_ROLE_VALUESET_URL } from '../constants';
import { useCodings } from '../data/hooks';
import { taskMenuQueues, type MenuQueue } from './menu-queues';

/** The Tasks group of the side menu for the signed-in user, from the replica. */
export function useMenuQueues(): { queues: MenuQueue[]; loading: boolean } {
  const { reference } = useProfile();
  const { roles, states, loading } = useUserQueues();
  const { codings } = useCodings(PRACTITIONER_ROLE_VALUESET_URL);
  const named = roles.map((role) => ({
    code: role.code,
    display: codings.find((coding) => coding.code === role.code)?.display ?? role.display,
  }));
  return {
    queues: taskMenuQueues(
      reference || undefined,
      named,
      states.map((state) => state.code)
    ),
    loading,
  };
}
