import type { ExtractResource, Resource, ResourceType } from '@medplum/fhirtypes';
import type { ReactNode } from 'react';
import { PatientSummaryTab } from '../patient/PatientSummaryTab';
import { QuestionnaireTab } from '../questionnaire';
import { ReportTab } from '../report/ReportTab';
import { TimelineTab } from '../timeline/TimelineTab';
import { HistoryTab } from './HistoryTab';
import { ResourceDisplay } from './ResourceDisplay';

/** Where a resource page is: the type and id of its URL. */
export interface ResourceAddress {
  resourceType: string;
  id: string;
}

/**
 * One tab of a resource page. Its name is its URL segment (/{type}/{id}/{name}) and, capitalised, its
 * label. Its page draws the loaded resource (until then the page shows the resource's state), or, for
 * a tab that reads what it shows itself, draws from the address at once.
 */
export type ResourceTab<R extends Resource = Resource> =
  | { name: string; page: (resource: R) => ReactNode }
  | { name: string; addressPage: (address: ResourceAddress) => ReactNode };

const DETAILS = {
  name: 'details',
  page: (resource: Resource) => <ResourceDisplay resource={resource} />,
} satisfies ResourceTab;

/** The tabs every type has, after its own. */
const COMMON_TABS: readonly ResourceTab[] = [
  DETAILS,
  { name: 'timeline', page: (resource) => <TimelineTab resource={resource} /> },
  { name: 'history', addressPage: (address) => <HistoryTab {...address} /> },
];

/**
 * The tabs a type has of its own, before the common ones; its page opens on the first. Adding a tab
 * for a type is one entry here and the tab's own file.
 */
const TYPE_TABS: { readonly [T in ResourceType]?: readonly ResourceTab<ExtractResource<T>>[] } = {
  DiagnosticReport: [{ name: 'report', page: (report) => <ReportTab report={report} /> }],
  Patient: [{ name: 'summary', page: (patient) => <PatientSummaryTab patient={patient} /> }],
  Questionnaire: [
    { name: 'form', page: (questionnaire) => <QuestionnaireTab questionnaire={questionnaire} /> },
  ],
};

/** The tabs of a resource page, in order: the type's own, then Details, Timeline and History. */
export function resourceTabs(resourceType: string): ResourceTab[] {
  // Own keys only: a URL's type such as 'toString' is no entry. A type's entries are drawn only for a
  // resource of that type (tabPage looks them up by the resource's own type), so they widen safely.
  const own = Object.hasOwn(TYPE_TABS, resourceType)
    ? (TYPE_TABS[resourceType as ResourceType] as readonly ResourceTab[])
    : [];
  return [...own, ...COMMON_TABS];
}

/** The tab a resource page opens on: the type's own first tab, else Details. */
export function firstResourceTab(resourceType: string): string {
  return resourceTabs(resourceType)[0]?.name ?? DETAILS.name;
}

export function findResourceTab(resourceType: string, name: string): ResourceTab | undefined {
  return resourceTabs(resourceType).find((tab) => tab.name === name);
}

/**
 * A loaded resource's page on the tab `name`, found by the resource's own type, so a type's tab only
 * ever draws a resource of that type; its details where it has no such tab.
 */
export function tabPage(resource: Resource, name: string): ReactNode {
  const tab = findResourceTab(resource.resourceType, name);
  return tab && 'page' in tab ? tab.page(resource) : DETAILS.page(resource);
}

export function tabLabel(name: string): string {
  return name.charAt(0).toUpperCase() + name.slice(1);
}
