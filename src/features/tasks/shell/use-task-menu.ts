import type { MenuGroup } from '@/ui';
import { useMenuQueues } from '../queues/use-menu-queues';
import { UPLOAD_LINKS } from './upload-links';

/** The task app's groups of the side navigation: Tasks (My Tasks, role and state queues, All Tasks) and Upload Data. */
export function useTaskMenuGroups(): MenuGroup[] {
  const { queues } = useMenuQueues();
  return [
    { title: 'Tasks', links: queues },
    { title: 'Upload Data', links: UPLOAD_LINKS },
  ];
}
