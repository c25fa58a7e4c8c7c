import type { Resource } from '@medplum/fhirtypes';

/** One field that differs between two versions: its path ('name[0].family') and both values as text. */
export interface FieldChange {
  path: string;
  before: string;
  after: string;
}

/** Parts of meta every version changes, which say nothing about what the user changed. */
const IGNORED_META = ['author', 'compartment', 'lastUpdated', 'versionId'];

function withoutBookkeeping(resource: Resource | undefined): Record<string, unknown> {
  if (!resource) return {};
  const copy = structuredClone(resource) as unknown as Record<string, unknown>;
  const meta = copy.meta as Record<string, unknown> | undefined;
  if (meta) {
    for (const key of IGNORED_META) delete meta[key];
    if (Object.keys(meta).length === 0) delete copy.meta;
  }
  return copy;
}

/** Every leaf of a JSON value by path, in document order. */
function leaves(value: unknown, path: string, into: Map<string, string>): void {
  if (Array.isArray(value)) {
    value.forEach((item, index) => leaves(item, `${path}[${index}]`, into));
  } else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) leaves(item, path ? `${path}.${key}` : key, into);
  } else if (value !== undefined) {
    into.set(path, String(value));
  }
}

/**
 * The fields that differ between a version and the one before it (none before the first), leaf by
 * leaf, ignoring meta's author, compartment, lastUpdated and versionId.
 */
export function versionDifferences(before: Resource | undefined, after: Resource | undefined): FieldChange[] {
  const left = new Map<string, string>();
  const right = new Map<string, string>();
  leaves(withoutBookkeeping(before), '', left);
  leaves(withoutBookkeeping(after), '', right);
  const paths = [...new Set([...left.keys(), ...right.keys()])];
  return paths
    .filter((path) => left.get(path) !== right.get(path))
    .map((path) => ({ path, before: left.get(path) ?? '', after: right.get(path) ?? '' }));
}
