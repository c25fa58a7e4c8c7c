import type {
  Bundle,
  CapabilityStatement,
  PractitionerRole,
  Resource,
  SearchParameter,
} from '@medplum/fhirtypes';
import type { ReplicaTransaction } from '@/db/types';
import { bundleResources, withQuery } from '../fhir/fhir-client';
import { searchParameterQuery, writeSearchParameters } from '../local-query/definitions';
import { nowIso, type SyncContext } from './context';
import { acceptServerVersion } from './record';
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
import { taskQueries, userScope, type TaskQuery } from './scope';
import { META_CAPABILITIES, META_FOLLOWED_TYPES, META_LAST_RECONCILE, META_SCOPE } from './types';

/** Tasks in the first page of each opening queue: what the list shows first, stored at once. */
const OPENING_PAGE = 100;
/** Most resources one write transaction of a first load stores. */
const STORE_CHUNK = 500;

/** How far a first load is: the tasks it holds so far and a rough share of what it expects. */
export interface LoadProgress {
  rows: number;
  percent: number;
}

/**
 * The first load, in as few round trips as it can: one batch Bundle for what does not depend on
 * anything (capabilities, profile, roles, value sets, the core types' search parameters, and the
 * first page of My Tasks and All Tasks), stored at once so the list draws from it; then one for the
 * role and state queues, the later pages of every queue side by side, and one for what the tasks
 * point at (with the search parameters of their types). The sync cursors are written last, so a load cut short starts again (storing is idempotent).
 */
export async function fullLoad(context: SyncContext): Promise<void> {
  const reference = context.profile.reference ?? '';
  const [profileType = '', profileId = ''] = reference.split('/');
  const count = context.pageSize;
  const openingQueues = taskQueries(context, userScope(undefined, [])).map(
    (query) => new QueueLoad(query, OPENING_PAGE)
  );
  // The search parameters of the core types come first too: the lists search the replica with them.
  const guessedBases = [...COMMON_SEARCH_BASES, ...CORE_TYPES];
  const first = await readTogether(context, [
    'metadata',
    `${profileType}/${profileId}`,
    withQuery('PractitionerRole', { practitioner: reference, _count: count }),
    withQuery('ValueSet', { _count: count }),
    withQuery('SearchParameter', searchParameterQuery(guessedBases)),
    ...openingQueues.map((queue) => queue.url),
  ]);
  const [statement, profile, rolesPage, valueSetsPage, parametersPage, ...queuePages] = first;
  const historyTypes = historyTypesOf(
    statement instanceof Error ? undefined : (statement as CapabilityStatement)
  );
  await context.replica.transaction((tx) => tx.putMeta(META_CAPABILITIES, historyTypes));
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
  openingQueues.forEach((queue, index) => collect(batch, queue.take(required(queuePages[index])), newest));

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
  const progress = (done = false): void => context.progress?.(loadProgress(batch, allQueues, done));
  const laterQueues = taskQueries(context, scope)
    .filter((query) => !openingQueues.some((queue) => queue.query.name === query.name))
    .map((query) => new QueueLoad(query));
  const allQueues = [...openingQueues, ...laterQueues];
  progress();

  const second =
    laterQueues.length > 0
      ? await readTogether(
          context,
          laterQueues.map((queue) => queue.url)
        )
      : [];
  laterQueues.forEach((queue, index) => collect(batch, queue.take(required(second[index])), newest));
  await storeLoaded(context, batch, stored);
  progress();

  await Promise.all(
    allQueues.map(async (queue) => {
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
  for (const answer of await fetchMissingReferences(context, newest, batch, alongside)) {
    searchParameters.push(...(await allOf(context, required(answer))));
  }
  collect(batch, await laterValueSets, newest);
  const types = new Set([...CORE_TYPES, ...newest.types()]);
  const searchBases = [...new Set([...guessedBases, ...unguessed, ...types])];
  context.reached();
  await storeLoaded(context, batch, stored, async (tx) => {
    await writeSearchParameters(tx, searchParameters.filter(isSearchParameter), {
      fetchedAt: nowIso(context),
      bases: searchBases,
    });
    // A full load is as good as a reconcile: nothing it did not find is held.
    await tx.putMeta(META_LAST_RECONCILE, context.clock.now());
    const followed = newest.types().filter((type) => !CORE_TYPES.includes(type));
    await tx.putMeta(META_FOLLOWED_TYPES, followed);
    for (const type of types) {
      const mode = historyTypes.includes(type) ? 'history' : 'search';
      await tx.putCursor({ resourceType: type, since: newest.of(type) ?? newest.overall() ?? '', mode });
    }
  });
  progress(true);
}

/** One task query of a first load: its matches so far against its cap, and where its next page is. */
class QueueLoad {
  private matches = 0;
  private next: string | undefined;
  total = 0;

  /** `firstCount`: a smaller first page, so the first answer is quick to send and to store. */
  constructor(
    readonly query: TaskQuery,
    private readonly firstCount?: number
  ) {}

  get url(): string {
    const count = Number(this.query.params._count);
    if (!this.firstCount || !(count > this.firstCount)) return withQuery('Task', this.query.params);
    return withQuery('Task', { ...this.query.params, _count: this.firstCount });
  }

  /** The resources of a page, matches beyond the cap left out. */
  take(bundle: Bundle): Resource[] {
    const { max } = this.query;
    if (this.matches === 0) this.total = Math.min(bundle.total ?? bundle.entry?.length ?? 0, max ?? Infinity);
    const page: Resource[] = [];
    for (const entry of bundle.entry ?? []) {
      if (!entry.resource) continue;
      const isMatch = entry.search?.mode !== 'include' && entry.resource.resourceType === 'Task';
      if (isMatch && max !== undefined && this.matches >= max) continue;
      if (isMatch) this.matches++;
      page.push(entry.resource);
    }
    const full = max !== undefined && this.matches >= max;
    const next = full ? undefined : bundle.link?.find((link) => link.relation === 'next')?.url;
    this.next = next && this.firstCount ? withFullPages(next, this.query.params._count) : next;
    return page;
  }

  /** The pages after the first, one after another. */
  async *rest(context: SyncContext): AsyncGenerator<Resource[]> {
    while (this.next) {
      const bundle: Bundle = await context.fhir.get<Bundle>(context.fhir.url(this.next), { noCache: true });
      yield this.take(bundle);
    }
  }
}

/** A next link after a short first page, asking for full pages from there on. */
function withFullPages(next: string, count: unknown): string {
  const url = new URL(next);
  if (count !== undefined) url.searchParams.set('_count', String(count));
  return url.toString();
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
  more?: (tx: ReplicaTransaction) => Promise<void>
): Promise<void> {
  const fresh = patientsFirst(
    [...batch.values()].filter((resource) => stored.get(keyOf(resource)) !== resource)
  );
  context.reached();
  // In transactions of at most STORE_CHUNK resources: the screens' reads wait for a write
  // transaction to end, so a long one would keep the first rows off screen. `more` goes with the last.
  for (let start = 0; start === 0 || start < fresh.length; start += STORE_CHUNK) {
    const chunk = fresh.slice(start, start + STORE_CHUNK);
    const last = start + STORE_CHUNK >= fresh.length;
    if (context.stopped?.()) throw new Error('Sync stopped');
    await context.replica.transaction(async (tx) => {
      // Patients before the tasks that point at them, so each task finds its patient's state once
      // instead of every patient rewriting the tasks stored before it.
      for (const resource of chunk) {
        if (await acceptServerVersion(tx, resource)) context.touched.add(keyOf(resource));
      }
      if (last) await more?.(tx);
    });
    for (const resource of chunk) stored.set(keyOf(resource), resource);
    context.flushTouched?.();
  }
}

function isSearchParameter(resource: Resource): resource is SearchParameter {
  return resource.resourceType === 'SearchParameter';
}

function patientsFirst(resources: Iterable<Resource>): Resource[] {
  const list = [...resources];
  return [
    ...list.filter((r) => r.resourceType === 'Patient'),
    ...list.filter((r) => r.resourceType !== 'Patient'),
  ];
}
