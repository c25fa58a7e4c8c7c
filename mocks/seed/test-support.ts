import type { Resource } from '@medplum/fhirtypes';
import { buildSeed, MAIN_PROJECT_ID } from './index';
import type { SeedData } from './types';

/** Tests lay the seed out around a fixed instant. */
export const NOW = new Date('2025-03-10T15:00:00.000Z');

let cached: SeedData | undefined;

export function seed(): SeedData {
  cached ??= buildSeed({ now: NOW });
  return cached;
}

export function resourcesOf<K extends Resource['resourceType']>(
  type: K,
  projectId: string = MAIN_PROJECT_ID,
  data: SeedData = seed()
): Extract<Resource, { resourceType: K }>[] {
  return data.resources
    .filter((entry) => entry.projectId === projectId && entry.resource.resourceType === type)
    .map((entry) => entry.resource as Extract<Resource, { resourceType: K }>);
}

export function byReference(
  reference: string | undefined,
  projectId: string = MAIN_PROJECT_ID
): Resource | undefined {
  if (!reference) {
    return undefined;
  }
  const [type, id] = reference.split('/');
  return seed().resources.find(
    (entry) =>
      entry.projectId === projectId && entry.resource.resourceType === type && entry.resource.id === id
  )?.resource;
}

/** Every `reference` string anywhere inside a value. */
export function referencesIn(value: unknown, found: string[] = []): string[] {
  if (Array.isArray(value)) {
    value.forEach((item) => referencesIn(item, found));
  } else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (key === 'reference' && typeof item === 'string') {
        found.push(item);
      } else {
        referencesIn(item, found);
      }
    }
  }
  return found;
}
