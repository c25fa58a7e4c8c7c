import type { Resource, Task } from '@medplum/fhirtypes';
import { FhirError } from '../outcome';
import type { ProjectSearchEngine, SearchableStore } from '../types';
import { createProjectSearchEngine } from './engine';

/** A ready Task order with the given priority, for search tests; `more` adds or overrides elements. */
export function searchTask(id: string, priority: Task['priority'], more: Partial<Task> = {}): Task {
  return { resourceType: 'Task', id, status: 'ready', intent: 'order', priority, ...more };
}

/** A tiny in-memory store for tests: it versions writes and tells the engine about them. */
export class MemoryStore implements SearchableStore {
  private readonly types = new Map<string, Map<string, Resource>>();
  readonly engine: ProjectSearchEngine = createProjectSearchEngine(this);

  constructor(resources: Resource[] = []) {
    for (const r of resources) this.put(r);
  }

  put<T extends Resource>(resource: T): T {
    const id = resource.id ?? String(Math.random()).slice(2);
    let byId = this.types.get(resource.resourceType);
    if (!byId) this.types.set(resource.resourceType, (byId = new Map()));
    const before = byId.get(id);
    const version = Number(before?.meta?.versionId ?? 0) + 1;
    const stored = { ...resource, id, meta: { ...resource.meta, versionId: String(version) } };
    byId.set(id, stored);
    this.engine.noteWrite(resource.resourceType, id, before, stored);
    return stored;
  }

  delete(resourceType: string, id: string): void {
    const before = this.types.get(resourceType)?.get(id);
    this.types.get(resourceType)?.delete(id);
    this.engine.noteWrite(resourceType, id, before, undefined);
  }

  resourcesOfType(resourceType: string): Iterable<Resource> {
    return this.types.get(resourceType)?.values() ?? [];
  }

  get(resourceType: string, id: string): Resource | undefined {
    return this.types.get(resourceType)?.get(id);
  }

  /** Ids of the page's matches, in order. */
  ids(resourceType: string, query: string): string[] {
    return this.engine.search(resourceType, new URLSearchParams(query)).resources.map((r) => r.id ?? '');
  }

  /** The 400 a bad query gets; fails the test when the query is accepted. */
  rejection(resourceType: string, query: string): FhirError {
    try {
      this.engine.search(resourceType, new URLSearchParams(query));
    } catch (err) {
      if (err instanceof FhirError) return err;
      throw err;
    }
    throw new Error(`Expected ${resourceType}?${query} to be rejected`);
  }
}
