import type { Bundle, ExtractResource, Reference, Resource, ResourceType } from '@medplum/fhirtypes';

/** Search parameters as a bot passes them: 'name=x&_count=1', URLSearchParams or a record. */
export type BotQuery = string | URLSearchParams | Record<string, string | number | boolean | undefined>;

/** One JSON Patch operation. */
export interface BotPatchOperation {
  op: 'add' | 'remove' | 'replace' | 'copy' | 'move' | 'test';
  path: string;
  value?: unknown;
  from?: string;
}

/**
 * The FHIR client a bot receives: the subset of Medplum's client the bots use, bound to the server
 * with the rights of whoever runs the bot. A Medplum client satisfies it as well.
 */
export interface BotClient {
  search<K extends ResourceType>(resourceType: K, query?: BotQuery): Promise<Bundle<ExtractResource<K>>>;
  searchOne<K extends ResourceType>(
    resourceType: K,
    query?: BotQuery
  ): Promise<ExtractResource<K> | undefined>;
  searchResources<K extends ResourceType>(resourceType: K, query?: BotQuery): Promise<ExtractResource<K>[]>;
  readResource<K extends ResourceType>(resourceType: K, id: string): Promise<ExtractResource<K>>;
  createResource<T extends Resource>(resource: T): Promise<T>;
  patchResource<K extends ResourceType>(
    resourceType: K,
    id: string,
    operations: BotPatchOperation[]
  ): Promise<ExtractResource<K>>;
  executeBatch(bundle: Bundle): Promise<Bundle>;
}

/** What a bot is called with: its input, how the input was sent, the project's secrets and itself. */
export interface BotEvent<T = unknown> {
  input: T;
  contentType: string;
  secrets: Record<string, { name: string; valueString?: string }>;
  bot: Reference;
}
