import type { ReplicaTransaction, ResourceKey } from '@/db/types';

/** Links kept per resource: more than the edits a form can have been overtaken by while it was open. */
const MAX_LINKS = 16;

/** The meta row holding the versions this device's own confirmed changes made of a resource. */
function metaKey(key: ResourceKey): string {
  return `made:${key}`;
}

type Links = [from: string, to: string][];

/**
 * Records that a change made on this device turned server version `from` into `to` (the server
 * confirmed it, or its lost answer was found applied). A form opened on `from` while that change was
 * waiting showed it already: the version it made is no one else's change.
 */
export async function noteOwnVersion(
  tx: ReplicaTransaction,
  key: ResourceKey,
  from: string,
  to: string
): Promise<void> {
  if (from === to) return;
  const links = ((await tx.getMeta<Links>(metaKey(key))) ?? []).filter(([start]) => start !== from);
  links.push([from, to]);
  await tx.putMeta(metaKey(key), links.slice(-MAX_LINKS));
}

/** One change of this device confirmed: it turned server version `from` of `key` into `to`. */
export interface OwnVersion {
  key: ResourceKey;
  from: string;
  to: string;
}

/**
 * noteOwnVersion for many confirmed changes, as if each were noted in turn, with one read of their
 * resources' links and one write.
 */
export async function noteOwnVersions(
  tx: ReplicaTransaction,
  versions: readonly OwnVersion[]
): Promise<void> {
  const made = versions.filter(({ from, to }) => from !== to);
  if (made.length === 0) return;
  const keys = [...new Set(made.map(({ key }) => key))];
  const held = await tx.getMetaValues<Links>(keys.map(metaKey));
  const linksOf = new Map(keys.map((key, index) => [key, held[index] ?? []]));
  for (const { key, from, to } of made) {
    const links = (linksOf.get(key) ?? []).filter(([start]) => start !== from);
    links.push([from, to]);
    linksOf.set(key, links.slice(-MAX_LINKS));
  }
  await tx.putMetaValues([...linksOf].map(([key, links]) => [metaKey(key), links] as const));
}

/**
 * The version a change based on `base` really starts from: `base` moved along the versions this
 * device's own changes made after it. A version another user made stops the walk, so their change
 * in between is still tested (and met as a conflict).
 */
export async function pastOwnVersions(
  tx: ReplicaTransaction,
  key: ResourceKey,
  base: string
): Promise<string> {
  const links = new Map((await tx.getMeta<Links>(metaKey(key))) ?? []);
  let version = base;
  for (let step = 0; step < MAX_LINKS; step++) {
    const next = links.get(version);
    if (next === undefined) break;
    version = next;
  }
  return version;
}
