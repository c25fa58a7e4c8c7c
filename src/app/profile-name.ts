import type { HumanName } from '@medplum/fhirtypes';
import type { SessionState } from '../sync';

/** The signed-in user's name as people say it ('Alice Smith'), from the profile or the saved login. */
export function profileName(session: SessionState): string {
  if (session.status === 'none') {
    return '';
  }
  if (session.status === 'ready') {
    const name = formatHumanName(session.details.profile.name?.[0]);
    if (name) {
      return name;
    }
  }
  return session.login.profile?.display ?? '';
}

export function formatHumanName(name: HumanName | undefined): string {
  if (!name) {
    return '';
  }
  if (name.given?.length || name.family) {
    return [...(name.given ?? []), name.family].filter(Boolean).join(' ');
  }
  return name.text ?? '';
}
