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

/** How many shown pages name themselves in the title. */
let titledPages = 0;

/**
 * Sets the browser's title (the tab, the history list, what a screen reader announces on a new page)
 * while the page is shown; back to the app's name when it goes and no page that follows names
 * itself. A title is written only when its words change: each write costs a slow tablet a few
 * milliseconds, and moving between pages wrote the app's name between the two pages' titles.
 */
export function usePageTitle(title: string): void {
  useEffect(() => {
    if (document.title !== title) document.title = title;
  }, [title]);
  useEffect(() => {
    titledPages += 1;
    return () => {
      titledPages -= 1;
      // The page shown next sets its title in the same commit, after this page's cleanup: the app's
      // name is written once that commit's effects have run, and only if no page named itself.
      queueMicrotask(() => {
        if (titledPages === 0 && document.title !== APP_TITLE) document.title = APP_TITLE;
      });
    };
  }, []);
}
