import type { Resource } from '@medplum/fhirtypes';
import type { OutboxEntry, ReplicaTransaction, ResourceKey } from '@/db/types';
import type { LocalChange } from './types';
import { writeRecord } from './record';

/**
 * References to resources created on this device. Until the server confirms a create, the resource
 * has a temporary id, and another change may point at it ('QuestionnaireResponse/<temporary id>'):
 * such a change is not sent before the create is confirmed, and the confirmation rewrites it to the
 * server's id. A change queued with a temporary id the server has just replaced gets the server's id
 * as it is queued.
 */

/** The temporary keys confirmed under new ids most recently: [temporary key, server key]. */
const META_CONFIRMED_CREATES = 'confirmedCreates';

/** How many confirmed creates are remembered for changes queued with their temporary id. */
const REMEMBERED_CREATES = 200;

/** Longer strings are no resource key ('Type/id', an id is at most 64 characters): file data, notes. */
const MAX_KEY_LENGTH = 128;

const mayBeKey = (text: string): boolean => text.length <= MAX_KEY_LENGTH && text.includes('/');

/** Calls `visit` with every string in a JSON value. */
function eachString(value: unknown, visit: (text: string) => void): void {
  if (typeof value === 'string') visit(value);
  else if (Array.isArray(value)) for (const item of value) eachString(item, visit);
  else if (value && typeof value === 'object')
    for (const item of Object.values(value)) eachString(item, visit);
}

/** The value with every string that is a key of `renames` replaced by its new key (unchanged values are kept as they are). */
function withRenames<T>(value: T, renames: ReadonlyMap<string, string>): T {
  if (typeof value === 'string') return (mayBeKey(value) ? (renames.get(value) ?? value) : value) as T;
  if (Array.isArray(value)) {
    const items = value.map((item: unknown) => withRenames(item, renames));
    return items.some((item, index) => item !== value[index]) ? (items as T) : value;
  }
  if (value && typeof value === 'object') {
    let changed = false;
    const next: Record<string, unknown> = {};
    for (const [name, item] of Object.entries(value)) {
      next[name] = withRenames(item, renames);
      if (next[name] !== item) changed = true;
    }
    return changed ? (next as T) : value;
  }
  return value;
}

/** What an entry sends: the created resource, or the patch operations. */
function payloadOf(entry: Pick<OutboxEntry, 'resource' | 'operations'>): unknown[] {
  return [entry.resource, entry.operations];
}

/** True when the entry points at one of these resources (its own key aside). */
export function namesAnyOf(entry: OutboxEntry, keys: ReadonlySet<ResourceKey>): boolean {
  if (keys.size === 0) return false;
  let found = false;
  eachString(payloadOf(entry), (text) => {
    if (!found && mayBeKey(text) && text !== entry.key && keys.has(text as ResourceKey)) found = true;
  });
  return found;
}

/** The keys of resources created on this device that the server has not confirmed yet. */
export function unconfirmedCreates(outbox: readonly OutboxEntry[]): Set<ResourceKey> {
  return new Set(outbox.filter((entry) => entry.kind === 'create').map((entry) => entry.key));
}

/**
 * Creates were confirmed under new ids (temporary key → server key): the queued changes that point
 * at them are rewritten to the server's ids, the records of their resources rebuilt, and the renames
 * remembered for changes queued a moment later with the temporary id. Returns the rebuilt keys.
 */
export async function followConfirmedCreates(
  tx: ReplicaTransaction,
  renames: ReadonlyMap<ResourceKey, ResourceKey>
): Promise<ResourceKey[]> {
  if (renames.size === 0) return [];
  const rebuilt = new Set<ResourceKey>();
  for (const entry of await tx.listOutbox()) {
    const resource = withRenames(entry.resource, renames);
    const operations = withRenames(entry.operations, renames);
    if (resource === entry.resource && operations === entry.operations) continue;
    await tx.putOutbox({
      ...entry,
      operations,
      ...(resource ? { resource } : {}),
      revision: entry.revision + 1,
    });
    rebuilt.add(entry.key);
  }
  for (const key of rebuilt) {
    const record = await tx.getResource(key);
    const [resourceType = '', id = ''] = key.split('/');
    await writeRecord(tx, resourceType, id, record?.server);
  }
  const remembered = (await tx.getMeta<[string, string][]>(META_CONFIRMED_CREATES)) ?? [];
  await tx.putMeta(META_CONFIRMED_CREATES, [...remembered, ...renames].slice(-REMEMBERED_CREATES));
  return [...rebuilt];
}

/**
 * The change with the server's ids for recently confirmed creates' temporary ids: those it points at,
 * and its own resource's (a screen that read the resource a moment before the server confirmed it).
 */
export async function withConfirmedReferences(
  tx: ReplicaTransaction,
  change: LocalChange
): Promise<LocalChange> {
  const remembered = await tx.getMeta<[string, string][]>(META_CONFIRMED_CREATES);
  if (!remembered?.length) return change;
  const renames = new Map(remembered);
  const resource = withRenames(change.resource, renames) as Resource | undefined;
  const operations = withRenames(change.operations, renames);
  const key = change.id ? renames.get(`${change.resourceType}/${change.id}`) : undefined;
  if (resource === change.resource && operations === change.operations && !key) return change;
  return {
    ...change,
    ...(key ? { id: key.slice(change.resourceType.length + 1) } : {}),
    ...(resource ? { resource } : {}),
    ...(operations ? { operations } : {}),
  };
}
