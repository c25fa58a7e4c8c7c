import { formatHumanName } from '@/ui';
import type { SessionState } from '@/sync';

/**
 * The signed-in user's name as people say it ('Alice Smith': given and family names, no title or
 * degree), from the profile or the saved login.
 */
export function profileName(session: SessionState): string {
  if (session.status === 'none') {
    return '';
  }
  if (session.status === 'ready') {
    const name = formatHumanName(session.details.profile.name?.[0], { prefix: false, suffix: false });
    if (name) {
      return name;
    }
  }
  return session.login.profile?.display ?? '';
}
