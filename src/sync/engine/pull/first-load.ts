import type { Bundle, PractitionerRole, Resource, SearchParameter, Task } from '@medplum/fhirtypes';
import type { ReplicaTransaction } from '@/db/types';
import { bundleResources, withQuery } from '@/sync/fhir/fhir-client';
import { searchParameterQuery, writeSearchParameters } from '@/sync/local-query/definitions';
import { nowIso, type SyncContext } from '@/sync/engine/context';
import { classify } from '@/sync/engine/conflict-rules';
import { acceptServerVersions, keysWithLocalChanges } from '@/sync/engine/record';
import { Newest } from './newest';
import {
  allOf,
  collect,
  COMMON_SEARCH_BASES,
  CORE_TYPES,
  fetchMissingReferences,
  historyTypesOf,
  keyOf,
  readTogether,
  required,
  type Batch,
} from './pull-shared';
import { openingPreviews } from '@/sync/engine/opening-pages';
import { QueueLoad } from './queue-load';
import { openingScreens, taskQueries, userScope, type TaskQuery } from './scope';
import { META_CAPABILITIES, META_FOLLOWED_TYPES, META_LAST_RECONCILE, META_SCOPE } from '@/sync/engine/types';

/** Most resources one write transaction of a first load stores. */
const STORE_CHUNK = 500;
/**
 * Most resources of the first write after the first rows are stored: the list's first reads of them
 * are queued behind it, so it is kept short.
 */
const AFTER_FIRST_ROWS_CHUNK = 50;

/** How far a first load is: the tasks it holds so far and a rough share of what it expects. */
export interface LoadProgress {
  rows: number;
  percent: number;
}

/**
 * The first load, in as few round trips as it can. First one batch Bundle of what does not depend
 * on anything (profile, roles, value sets, the core types' search parameters, the first screen of
 * My Tasks and of All Tasks, and how many tasks there are), stored at once so the list draws from it.
 * Then, side by side, one batch for every queue of the user (her roles and states known now; All
 * Tasks alone when its cap holds every task) and the CapabilityStatement; the queues' later pages
 * side by side, without what they point at; and one batch for what the tasks point at (with the
 * search parameters of their types). The sync cursors are written last, so a load cut short starts again
 * (storing is idempotent).
 */
export async function fullLoad(context: SyncContext): Promise<void> {
  const reference = context.profile.reference ?? '';
  const [profileType = '', profileId = ''] = reference.split('/');
  const count = context.pageSize;
  const screens = openingScreens(context).map((query) => new QueueLoad(query));
  // The search parameters of the core types come first too: the lists search the replica with them.
  const guessedBases = [...COMMON_SEARCH_BASES, ...CORE_TYPES];
  const first = await readTogether(context, [
    `${profileType}/${profileId}`,
    withQuery('PractitionerRole', { practitioner: reference, _count: count }),
    withQuery('ValueSet', { _count: count }),
    withQuery('SearchParameter', searchParameterQuery(guessedBases)),
    ...screens.map((screen) => screen.url),
    withQuery('Task', { _summary: 'count' }),
  ]);
  const [profile, rolesPage, valueSetsPage, parametersPage, ...rest] = first;
  const screenPages = rest.slice(0, screens.length);
  const taskCount = countOf(rest[screens.length]);
  // The opening lists draw these pages now; the replica's rows replace them once stored below.
  if (!context.stopped())
    context.preview(
      openingPreviews(
        reference,
        screens.map((screen) => screen.query),
        screenPages
      )
    );
  // The value sets come with the first rows: a create made offline as soon as the list shows needs
  // them. Pages beyond the first (a server with very many) arrive with the rest of the load.
  const valueSetsFirst = required<Bundle>(valueSetsPage);
  const laterValueSets = allOf(context, { ...valueSetsFirst, entry: [] });
  const roles = (await allOf(context, required(rolesPage))) as PractitionerRole[];
  const searchParameters = await allOf(context, required(parametersPage));
  const scope = userScope(required(profile), roles);
  const newest = new Newest();
  const batch: Batch = new Map();
  collect(batch, [required(profile), ...roles, ...bundleResources(valueSetsFirst)], newest);
  screens.forEach((screen, index) => collect(batch, screen.take(required(screenPages[index])), newest));

  const stored = new Map<string, Resource>();
  await storeLoaded(context, batch, stored, async (tx) => {
    await writeSearchParameters(tx, searchParameters.filter(isSearchParameter), {
      fetchedAt: nowIso(context),
      bases: guessedBases,
    });
    await tx.putMeta(META_SCOPE, {
      roleCodes: scope.roleCodes,
      states: scope.states,
      loadedAt: nowIso(context),
    });
  });
  context.preview(undefined);
  // What the user changed since the first rows showed goes before the rest of the load.
  await context.sendWaiting?.();
  // When All Tasks' cap holds every task the user sees, its pages hold every queue's tasks too: the
  // queues' own searches would bring them again. Should the tasks outgrow the cap meanwhile, the
  // queues are asked for after all.
  const queries = taskQueries(context, scope);
  const everything = queries.find((query) => holdsAll(query, taskCount));
  const queues = (everything ? [everything] : queries).map((query) => new QueueLoad(query));
  const progress = (done = false): void => context.progress(loadProgress(batch, queues, done));
  progress();

  // The CapabilityStatement (every type's interactions, the largest answer by far) decides only the
  // cursors' mode, written last: it is asked for beside the queues, after the first rows are stored,
  // so that neither the server nor this worker works on it while the first rows wait.
  const historyTypesRead = settled(context.fhir.capabilities().then(historyTypesOf, unlessFatal));

  const second = await readTogether(
    context,
    queues.map((queue) => queue.url)
  );
  queues.forEach((queue, index) => collect(batch, queue.take(required(second[index])), newest));
  if (everything && !queues[0]?.holdsAll()) {
    const others = queries.filter((query) => query !== everything).map((query) => new QueueLoad(query));
    const answers = await readTogether(
      context,
      others.map((queue) => queue.url)
    );
    others.forEach((queue, index) => collect(batch, queue.take(required(answers[index])), newest));
    queues.push(...others);
  }
  await storeLoaded(context, batch, stored, undefined, AFTER_FIRST_ROWS_CHUNK);
  progress();
  await context.sendWaiting?.();

  await Promise.all(
    queues.map(async (queue) => {
      for await (const page of queue.rest(context)) collect(batch, page, newest);
    })
  );
  // The search parameters of the types the tasks point at travel with the reads of those resources.
  const referencedTypes = newest.references().map((key) => key.split('/')[0] ?? '');
  const unguessed = [...new Set([...newest.types(), ...referencedTypes])].filter(
    (base) => base && !guessedBases.includes(base)
  );
  const alongside =
    unguessed.length > 0 ? [withQuery('SearchParameter', searchParameterQuery(unguessed))] : [];
  await context.sendWaiting?.();
  for (const answer of await fetchMissingReferences(context, newest, batch, alongside)) {
    searchParameters.push(...(await allOf(context, required(answer))));
  }
  await context.sendWaiting?.();
  collect(batch, await laterValueSets, newest);
  const types = new Set([...CORE_TYPES, ...newest.types()]);
  const searchBases = [...new Set([...guessedBases, ...unguessed, ...types])];
  const historyTypes = await historyTypesRead();
  const strays = screenStrays(screens, queues);
  context.reached();
  await storeLoaded(context, batch, stored, async (tx) => {
    await removeUnchanged(context, tx, strays);
    await writeSearchParameters(tx, searchParameters.filter(isSearchParameter), {
      fetchedAt: nowIso(context),
      bases: searchBases,
    });
    // A full load is as good as a reconcile: nothing it did not find is held.
    await tx.putMeta(META_LAST_RECONCILE, context.clock.now());
    await tx.putMeta(META_CAPABILITIES, historyTypes);
    const followed = newest.types().filter((type) => !CORE_TYPES.includes(type));
    await tx.putMeta(META_FOLLOWED_TYPES, followed);
    for (const type of types) {
      const mode = historyTypes.includes(type) ? 'history' : 'search';
      await tx.putCursor({ resourceType: type, since: newest.of(type) ?? newest.overall() ?? '', mode });
    }
  });
  progress(true);
}

/**
 * Tasks an opening screen brought that no queue of the user found: All Tasks keeps only the most
 * recently updated tasks up to its cap, and a screen sorted by priority can reach older ones.
 */
function screenStrays(screens: QueueLoad[], queues: QueueLoad[]): string[] {
  const found = new Set(queues.flatMap((queue) => [...queue.tasks]));
  return [...new Set(screens.flatMap((screen) => [...screen.tasks]))].filter((key) => !found.has(key));
}

/** Removes stored resources, except those with changes made here or an open conflict. */
async function removeUnchanged(context: SyncContext, tx: ReplicaTransaction, keys: string[]): Promise<void> {
  if (keys.length === 0) return;
  const changed = await keysWithLocalChanges(tx);
  for (const key of keys) {
    if (changed.has(key)) continue;
    await tx.removeResource(key);
    context.touched.add(key);
  }
}

function loadProgress(batch: Batch, queues: QueueLoad[], done: boolean): LoadProgress {
  let rows = 0;
  for (const key of batch.keys()) if (key.startsWith('Task/')) rows++;
  const expected = queues.reduce((sum, queue) => sum + queue.total, 0);
  const percent = done ? 100 : Math.min(99, expected > 0 ? Math.floor((rows / expected) * 100) : 0);
  return { rows, percent };
}

/** Stores what a load gathered and has not stored yet, in one transaction, with `more` written alongside. */
async function storeLoaded(
  context: SyncContext,
  batch: Batch,
  stored: Map<string, Resource>,
  more?: (tx: ReplicaTransaction) => Promise<void>,
  firstChunk = STORE_CHUNK
): Promise<void> {
  const fresh = patientsWithTheirTasks(
    [...batch.values()].filter((resource) => stored.get(keyOf(resource)) !== resource)
  );
  context.reached();
  // In transactions of at most STORE_CHUNK resources (the first one `firstChunk`): the screens'
  // reads wait for a write transaction to end, so a long one would keep the rows off screen. `more`
  // goes with the last.
  for (
    let start = 0, size = firstChunk;
    start === 0 || start < fresh.length;
    start += size, size = STORE_CHUNK
  ) {
    const chunk = fresh.slice(start, start + size);
    const last = start + size >= fresh.length;
    if (context.stopped()) throw new Error('Sync stopped');
    await context.replica.transaction(async (tx) => {
      // One batch per chunk (each patient with or before the tasks that point at it, so each task
      // finds its patient's state once): a few IndexedDB round trips instead of several per resource.
      for (const key of await acceptServerVersions(tx, chunk, { mostlyNew: true })) context.touched.add(key);
      if (last) await more?.(tx);
    });
    for (const resource of chunk) stored.set(keyOf(resource), resource);
    context.flushTouched();
  }
}

/**
 * A server without a readable CapabilityStatement is taken to offer no type history (deltas then
 * come by _lastUpdated searches); an unreachable server or a refused session fails the load.
 */
function unlessFatal(error: unknown): string[] {
  const outcome = classify(error);
  if (outcome === 'transient' || outcome === 'unauthenticated') throw error;
  return [];
}

/** A read awaited later: its failure is held until then instead of going unhandled meanwhile. */
function settled<T>(read: Promise<T>): () => Promise<T> {
  const outcome = read.then(
    (value) => ({ value }),
    (error: unknown) => ({ error })
  );
  return async () => {
    const result = await outcome;
    if ('error' in result) throw result.error;
    return result.value;
  };
}

/** The count a `_summary=count` search answered; undefined when it failed or gave none. */
function countOf(answer: Resource | Error | undefined): number | undefined {
  return answer && !(answer instanceof Error) && answer.resourceType === 'Bundle' ? answer.total : undefined;
}

/** Whether a capped task query's cap reaches every one of `taskCount` tasks. */
function holdsAll(query: TaskQuery, taskCount: number | undefined): boolean {
  return query.max !== undefined && taskCount !== undefined && taskCount <= query.max;
}

function isSearchParameter(resource: Resource): resource is SearchParameter {
  return resource.resourceType === 'SearchParameter';
}

/**
 * Each patient followed by the tasks that name it, after what is neither, and the tasks whose
 * patient is not among the resources last: a task is stored with or after its patient, so it takes
 * the patient's state as it is written, and a chunk that holds a patient with its tasks reads
 * nothing back to give them it.
 */
function patientsWithTheirTasks(resources: Iterable<Resource>): Resource[] {
  const list = [...resources];
  const patients = new Set(list.filter((r) => r.resourceType === 'Patient').map(keyOf));
  const tasksOf = new Map<string, Resource[]>();
  const others: Resource[] = [];
  const unplaced: Resource[] = [];
  for (const resource of list) {
    if (resource.resourceType !== 'Task') {
      if (resource.resourceType !== 'Patient') others.push(resource);
      continue;
    }
    const patient = (resource as Task).for?.reference;
    if (patient === undefined || !patients.has(patient)) {
      unplaced.push(resource);
      continue;
    }
    const tasks = tasksOf.get(patient) ?? [];
    if (tasks.length === 0) tasksOf.set(patient, tasks);
    tasks.push(resource);
  }
  const ordered = others;
  for (const resource of list) {
    if (resource.resourceType !== 'Patient') continue;
    ordered.push(resource, ...(tasksOf.get(keyOf(resource)) ?? []));
  }
  return [...ordered, ...unplaced];
}
