import type { Resource } from '@medplum/fhirtypes';
import { useEffect } from 'react';
import { formatCodeableConcept } from '../format/concept';
import { resourceName } from '../format/resource-name';

/** The app's name, the whole title of a page that names nothing more. */
export const APP_TITLE = 'CareQueue';

/** The browser's title of a page: what it shows first, then the app ('Emily Chen · Patient – CareQueue'). */
export function pageTitle(...parts: (string | undefined)[]): string {
  const named = parts.filter((part): part is string => !!part?.trim()).join(' · ');
  return named ? `${named} – ${APP_TITLE}` : APP_TITLE;
}

/**
 * What people call a resource: a person's or a thing's name, else what its code says
 * ('Body weight'), else '' (never its id: an id means nothing in a tab or in the history list).
 */
export function resourceLabel(resource: Resource | undefined): string {
  const code = (resource as { code?: unknown } | undefined)?.code;
  const coded =
    code && typeof code === 'object' && !Array.isArray(code)
      ? formatCodeableConcept(code as Parameters<typeof formatCodeableConcept>[0])
      : '';
  return resourceName(resource) || coded;
}

/**
 * Sets the browser's title (the tab, the history list, what a screen reader announces on a new page)
 * while the page is shown; back to the app's name when it goes.
 */
export function usePageTitle(title: string): void {
  useEffect(() => {
    document.title = title;
  }, [title]);
  useEffect(
    () => () => {
      document.title = APP_TITLE;
    },
    []
  );
}
