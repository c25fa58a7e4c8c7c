import type { Resource } from '@medplum/fhirtypes';
import { resourceKey, type ResourceKey, type StoredResource } from '@/db/types';
import type { Filter, SearchParamDef, SearchParamRegistry, SearchQuery } from '@/fhir/search';
import type { FieldCondition, ReplicaQueryReader } from './replica-reader';
import type { ValueCache } from './source';

/** _include:iterate rounds, as many as the search itself follows. */
const MAX_INCLUDE_ROUNDS = 5;

/**
 * Gathers what one search needs from the replica: the candidate records, then the resources its
 * chains, _include and _revinclude reach. Each key is read at most once; deleted records are dropped.
 */
export class ReplicaLoader {
  private readonly records = new Map<ResourceKey, StoredResource>();
  private readonly seen = new Set<ResourceKey>();

  constructor(
    private readonly reader: ReplicaQueryReader,
    private readonly registry: SearchParamRegistry,
    private readonly cache: ValueCache
  ) {}

  /** Loads the records of a type that satisfy the conditions; returns the live ones. */
  async loadType(resourceType: string, conditions: readonly FieldCondition[]): Promise<Resource[]> {
    return this.keep(await this.reader.listResources(resourceType, conditions));
  }

  /** Loads what the query's chains and includes reach from the candidates. */
  async loadRelated(query: SearchQuery, candidates: readonly Resource[]): Promise<void> {
    for (const filter of query.filters) if (filter.chain) await this.followChain(filter, candidates);
    for (const spec of query.revinclude) await this.loadType(spec.sourceType, []);
    if (query.include.length === 0) return;
    // The first round starts from everything loaded (a superset of the page); later rounds only
    // from what the previous one added, for :iterate.
    let frontier = [...this.records.values()].map((record) => record.resource);
    for (let round = 0; round < MAX_INCLUDE_ROUNDS && frontier.length > 0; round++) {
      const keys = new Set<ResourceKey>();
      for (const spec of query.include) {
        if (round > 0 && !spec.iterate) continue;
        const params = this.referenceParams(spec.sourceType, spec.code);
        for (const resource of frontier) {
          if (resource.resourceType !== spec.sourceType) continue;
          for (const key of this.referencedKeys(resource, params, spec.targetType)) keys.add(key);
        }
      }
      frontier = await this.load([...keys]);
    }
  }

  /** Every live record loaded, in the given order. */
  ordered(compare: (a: StoredResource, b: StoredResource) => number): Resource[] {
    return [...this.records.values()].sort(compare).map((record) => record.resource);
  }

  /** Loads the targets a chained filter reaches from these resources, then its inner chains. */
  private async followChain(filter: Filter, from: readonly Resource[]): Promise<void> {
    const chain = filter.chain;
    if (!chain) return;
    const keys = new Set<ResourceKey>();
    for (const resource of from) {
      for (const key of this.referencedKeys(resource, [filter.param], undefined)) {
        if (chain.has(key.split('/')[0] ?? '')) keys.add(key);
      }
    }
    await this.load([...keys]);
    for (const [type, inner] of chain) {
      if (!inner.chain) continue;
      const targets = [...keys].flatMap((key) => {
        const record = this.records.get(key);
        return record && record.resourceType === type ? [record.resource] : [];
      });
      await this.followChain(inner, targets);
    }
  }

  private async load(keys: readonly ResourceKey[]): Promise<Resource[]> {
    const unseen = keys.filter((key) => !this.seen.has(key));
    if (unseen.length === 0) return [];
    unseen.forEach((key) => this.seen.add(key));
    return this.keep(await this.reader.getResources(unseen));
  }

  private keep(found: readonly StoredResource[]): Resource[] {
    const added: Resource[] = [];
    for (const record of found) {
      this.seen.add(record.key);
      if (record.deleted === 1 || this.records.has(record.key)) continue;
      this.records.set(record.key, record);
      added.push(record.resource);
    }
    return added;
  }

  private referenceParams(resourceType: string, code: string | undefined): SearchParamDef[] {
    if (code) {
      const param = this.registry.getParam(resourceType, code);
      return param ? [param] : [];
    }
    return [...this.registry.paramsOf(resourceType).values()].filter(
      (param) => param.type === 'reference' && param.definition.expression
    );
  }

  private referencedKeys(
    resource: Resource,
    params: readonly SearchParamDef[],
    targetType: string | undefined
  ): ResourceKey[] {
    const keys: ResourceKey[] = [];
    for (const param of params) {
      for (const value of this.cache.valuesOf(resource, param)) {
        if (value.kind !== 'reference' || !value.type || !value.id) continue;
        if (targetType && value.type !== targetType) continue;
        keys.push(resourceKey(value.type, value.id));
      }
    }
    return keys;
  }
}
