/**
 * Shared React data layer and sync UI. Features read the local replica and send changes only
 * through these; none of them waits on the network.
 *
 * Setup (src/app does it): <ReplicaProvider reader service client config> around the signed-in app.
 *
 * Reading (live: re-render when the data changes here, in another tab, or by a pull)
 * - useResource(type, id) → { resource, record, pending, conflicts, inConflict, failures, deleted, found, loading }
 *     `resource` is the user's view (server version + unsent local changes).
 * - useOfferResource() → offer(record): a list's record as the first answer of its page (drawn at once).
 * - useProfile() → { reference: 'Practitioner/123', profile }
 * - useUserQueues() → { roles: [{ code, display }], states: [{ code, display }], loading }
 * - useValueSet(url) → { valueSet, codes: ValueSetExpansionContains[], loading }
 * - useSchema(resourceType) → { status: 'loading' | 'ready' | 'missing' | 'offline' | 'error', message }:
 *     the type's StructureDefinition indexed in @medplum/core's schema (getDataType works once
 *     'ready'): from the replica's copy offline, else fetched once from the server and kept.
 * - useFormDataSources() → { searchReferences(targetTypes, text), expandValueSet(url, filter) }: the
 *     resource form's reference picker (_count 10 by a name-like parameter) and value set codes, over
 *     the server when it answers, the replica and kept expansions when not.
 * - useSyncStatus() → { online, syncing, pending, conflicts, failed, lastSyncedAt, signedIn }; for one
 *   fact of the run, useServiceStatus(select) draws again only when that fact changes.
 * - useSyncIssues() → { conflicts, failures, entries }; useUnsyncedCount() → number | undefined
 * - useReplicaSearch(resourceType, query) → { status: 'loading' | 'ready' | 'not-held' | 'invalid', records,
 *     total }: any FHIR search (filters, _sort, _count, _offset) answered by the local query engine over
 *     the replica with the server's semantics; 'not-held' when the replica does not hold the type.
 * - useReplicaQuery(read, deps, { remember }): any other read of the ReplicaReader, live; a named
 *   read draws its last answer at once when its screen comes back.
 * - useSameAnswer(value): the object returned before while `value` reads the same (skips redraws);
 *   sameAnswer(a, b): whether two answers hold the same data (a memo's comparison)
 * - useServerRead(key, (fhir) => promise) → { status: 'idle' | 'loading' | 'ready' | 'offline' | 'error' }:
 *     a read from the server for what the replica does not hold (the console); useFhirClient().
 *
 * Writing (the one command path)
 * - useCommands() → { applyChange(change), resolveConflict(seq, 'mine' | 'theirs'), dismissFailure(seq),
 *   retryFailure(seq), syncNow(), previewConflictChoice(seq, choice), previewDismiss(seq) }
 *     The two previews say, before the user confirms, what a conflict choice or a dismissal would
 *     discard besides the entry itself (later changes of the resource that touch what theirs changed).
 *     applyChange takes a LocalChange (src/sync/engine/types.ts): { resourceType, id, kind: 'patch' |
 *     'create' | 'delete', operations (JSON Patch without the version test), commutes, label: 'Claim Task' }.
 *     It resolves once the change is durable in IndexedDB with its outbox entry, so a toast after it
 *     is honest; it rejects (ChangeRejectedError, nothing stored) when the patch does not apply.
 *     Set commutes: true only for appends (Add Note, Assign Role): they are re-based automatically;
 *     every other change becomes a conflict the user resolves when another user changed the task.
 * - useSave({ awaitServer }?) → { save(request), submitting, outcome, reset() }: the one save of every
 *     form (resource edit and create, clinical dialogs, questionnaire responses, task actions).
 *     save({ change, shown }) queues the change through applyChange and, online, waits a few seconds
 *     for the server's verdict: { ok: true, applied?, delivery: 'sent' | 'kept' } (kept: offline or
 *     slow, durable here and sent later; applied is absent when there was nothing to save) or
 *     { ok: false, outcome, verdict? } — nothing stored, or the server refused it (verdict 'refused',
 *     its words in outcome) or another user's change overtook it ('conflict'). Task actions pass
 *     awaitServer: false and are told later. noticeIfKept(result, done) says 'Kept on this device, will be sent'.
 * - editChange(before, after, { label, baseVersionId }?) → LocalChange | undefined: the JSON Patch of
 *     an edit, every element but id and meta; undefined when nothing else changed. createChange(resource,
 *     label?) and deleteChange(resource, baseVersionId?) make the other two kinds.
 *
 * Sync UI
 * - <SyncStatusIndicator/>: 'Online' / 'Offline', 'N changes waiting to sync', conflicts button + panel.
 * - <ConflictsPanel opened onClose/>, CONFLICT_MESSAGE = 'Another user modified the task.'
 * - <OfflineNotice/>: the persistent red 'No connection to server'.
 * - <ReplicaLifecycleNotice/>: another tab updated the app (reload), or this tab's update waits for others.
 *
 * Formatting FHIR values for display (one home: every screen shows a value the same way)
 * - formatValue(value, elementType, { locale, timeZone }?) → string | undefined: any element by its
 *     FHIR type name ('HumanName', 'dateTime', 'Quantity'...); undefined when the type has no one-line
 *     form (show its fields).
 * - formatHumanName(name, { prefix, suffix, use }?), formatAddress, formatCoding, formatCodeableConcept(s),
 *     formatReference, formatQuantity, formatRange, formatRatio, formatMoney, formatIdentifier,
 *     formatContactPoint, formatTiming. Quantities show UCUM units as people write them ('°C',
 *     'mmHg', 'kg/m²'; ucumUnitText, quantityUnitText) and keep the decimal places they were
 *     recorded with (formatQuantityValue).
 * - formatDate, formatDateTime, formatInstant, formatTime, formatPeriod: in the user's zone, as
 *     '2024-03-02 09:30' unless a locale is given; a bare date ('1980-05-01') never moves a day.
 *
 * Patient summary
 * - <PatientSummaryCard patient trends?/>: avatar, name, birth date with age, 'Self' / general
 *     practitioner / gender, next appointment and last visit, then Allergies, Problem List,
 *     Medications, Smoking Status and Vitals (100 each, newest first) with add and edit dialogs
 *     through the outbox. Reads the replica at once; online it asks the server in one batch and keeps
 *     the answers for offline. Vitals with two or more readings have trend charts (a lazy chunk):
 *     trends="drawn" draws them at once, the default shows 'Show trends' first.
 *
 * Lists
 * - <ListPager offset count shown total onOffset/>: the count display ('1–20 of 57') and the pager.
 * - pageSearch(params, defaultSort), pageOffset, pageSize, withOffset: the page in the URL (20 rows).
 * - <TableHeader headings/>: a heading row of plain names.
 * - parseUrlSearch / stringifyUrlSearch / textSearch / queryString: the router's URL query (repeated
 *     parameters kept as lists).
 * - useSearchParameters(resourceType) → { status, parameters: [{ code, type, expression }], elements }:
 *     a type's search parameters and elements, from the server once, then kept in the replica.
 *
 * Pages
 * - whenIdle(work) → cancel: work a screen may need soon but does not draw first (fetching the code
 *     of the next page or a dialog), run in the browser's next idle moment.
 * - usePageTitle(pageTitle('Schedule Appointment', 'Emily Chen')): the browser's title while a page
 *     shows ('Schedule Appointment · Emily Chen – CareQueue'); resourceLabel(resource) is what people
 *     call a resource (its name, else what its code says), never its id.
 */
export {
  ReplicaProvider,
  useReplicaContext,
  type ReplicaProviderProps,
  type ReplicaChanges,
} from './ReplicaProvider';
export { useReplicaQuery } from './use-replica-query';
export { sameAnswer, useSameAnswer } from './same-answer';
export { useReplicaSearch } from './hooks/use-replica-search';
export { searchReplica, type ReplicaSearchState } from './replica/search';
export { useFhirClient, useServerRead, type ServerState } from './hooks/use-server';
export { useOfferResource, useResource, type ResourceState } from './hooks/use-resource';
export { useConfirmedId } from './hooks/use-confirmed-id';
export { useCommands, type Commands } from './hooks/use-commands';
export {
  useSave,
  outcomeOf,
  type Save,
  type SaveRequest,
  type SaveOptions,
  type SaveResult,
  type SaveState,
} from './save/use-save';
export { KEPT_MESSAGE, noticeIfKept } from './save/kept-notice';
export { awaitVerdict, VERDICT_WAIT_MS, type Verdict } from './save/verdict';
export { createChange, deleteChange, editChange, type EditOptions } from './save/changes';
export { asksToConfirm, checkResource } from './save/check-resource';
export { SaveAnyway, type SaveAnywayProps } from './save/SaveAnyway';
export {
  useSyncStatus,
  useServiceStatus,
  inFirstSync,
  useSyncIssues,
  useUnsyncedCount,
  useBrowserOnline,
  type SyncStatusView,
  type SyncIssues,
} from './hooks/use-sync-status';
export { useProfile, useSessionState, type ProfileState } from './hooks/use-profile';
export { useUserQueues, type UserQueues, type QueueChoice } from './hooks/use-user-queues';
export { useValueSet, type ValueSetState } from './hooks/use-value-set';
export { useSchema, type SchemaState } from './schema/use-schema';
export {
  useFormDataSources,
  createFormDataSources,
  referenceSearchParameter,
  referenceTo,
  REFERENCE_SEARCH_COUNT,
  type FormDataSources,
} from './schema/form-data-sources';
export { compactDefinition, indexDefinitions, schemaKey, expansionKey } from './schema/definitions';
export { SyncStatusIndicator, pendingText } from './sync/SyncStatusIndicator';
export {
  ConflictsPanel,
  ConflictCard,
  FailureItem,
  CONFLICT_MESSAGE,
  conflictMessage,
  type ConflictsPanelProps,
} from './sync/ConflictsPanel';
export { OfflineNotice } from './sync/OfflineNotice';
export { ReplicaLifecycleNotice, type LifecycleSource } from './sync/ReplicaLifecycleNotice';
export { ListPager, type ListPagerProps } from './list/ListPager';
export { SimpleTable, type SimpleTableProps, type SimpleTableRow } from './list/SimpleTable';
export { DEFAULT_PAGE_SIZE, pageOffset, pageSearch, pageSize, withOffset } from './list/paging';
export {
  parseUrlSearch,
  queryString,
  stringifyUrlSearch,
  textSearch,
  type UrlSearch,
} from './list/url-search';
export { TableHeader } from './list/TableHeader';
export {
  useSearchParameters,
  type SearchParameterInfo,
  type SearchParametersState,
} from './hooks/use-search-parameters';
export { differences, summarise, type Difference } from './sync/differences';
export { dexieReader } from './replica/dexie-reader';
export { storeReader } from './replica/memory-reader';
export type { ReplicaReader, ChangeCounts } from './replica/reader';
export { formatValue } from './format/value';
export { formatHumanName, type HumanNameOptions } from './format/human-name';
export { formatAddress, type AddressOptions } from './format/address';
export {
  formatCoding,
  formatCodeableConcept,
  formatCodeableConcepts,
  type CodingOptions,
} from './format/concept';
export { formatContactPoint, formatIdentifier, formatReference } from './format/identifier';
export {
  formatMoney,
  formatQuantity,
  formatQuantityValue,
  formatRange,
  formatRatio,
} from './format/quantity';
export { quantityUnitText, ucumUnitText } from '@/fhir/ucum-text';
export { formatTiming } from './format/timing';
export { resourceName } from './format/resource-name';
export {
  formatDate,
  formatDateTime,
  formatInstant,
  formatPeriod,
  formatTime,
  prepareDateFormats,
  type DisplayOptions,
} from './format/date-time';

// What features name from the layers below: replica records, changes, the FHIR client, sign-in
// answers and errors. Features import these from here, never from src/db or src/sync.
export { resourceKey, type ConflictRecord, type OutboxEntry, type StoredResource } from '@/db/types';
export { CLIENT_ID_SYSTEM, type AppliedChange, type LocalChange } from '@/sync/engine/types';
export { ApiError, outcomeText } from '@/sync/http/errors';
export { DEFAULT_SCOPE, type LoginAuthenticationResponse } from '@/sync/auth/types';
export type { SignInApi } from '@/sync/auth/sign-in';
export type { FhirClient } from '@/sync/fhir/fhir-client';
export type { ServiceStatus } from '@/sync/service/types';
export {
  bestMatchingLink,
  linkFromTarget,
  linkHref,
  type MenuGroup,
  type MenuLink,
} from './navigation/active-link';
export { APP_TITLE, pageTitle, resourceLabel, usePageTitle } from './navigation/page-title';
export { whenIdle, IDLE_TIMEOUT_MS } from './idle/when-idle';
export { useGlobalSearch, type GlobalSearchState } from './global-search/use-global-search';
export { globalSearch, GLOBAL_SEARCH_DEBOUNCE_MS, type GlobalSearchResults } from './global-search/search';
export {
  rankGlobalSearch,
  GLOBAL_SEARCH_LIMIT,
  type GlobalSearchResult,
  type GlobalSearchResource,
} from './global-search/ranking';
export { FormModal, type FormModalProps } from './dialogs/FormModal';
export { useMountedWhileOpen } from './dialogs/use-mounted-while-open';
export {
  NO_NAMES,
  referenceLabel,
  referencesWithoutDisplay,
  type ReferenceNames,
} from './references/reference-names';
export { useReferenceNames } from './references/use-reference-names';
export { ReferenceLink, ResourceLink, referencePath, SMALL_TEXT } from './references/ReferenceLink';
export { PatientSummaryCard } from './patient-summary/PatientSummaryCard';
