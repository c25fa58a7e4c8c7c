export * from './types';
export { deriveFields, patientStateOf, priorityOrder } from './derive';
export { splitPending } from './outbox-counts';
export { MemoryReplicaStore } from './memory-replica';
export { ReplicaDatabase, type ReplicaDatabaseOptions, type ReplicaDurability } from './database';
export { DexieReplicaStore } from './dexie-replica';
export {
  ReplicaLifecycle,
  type ReplicaLifecycleEvent,
  type ReplicaLifecycleListener,
  OUTDATED_MESSAGE,
  WAITING_MESSAGE,
} from './lifecycle';
export { REPLICA_DATABASE_NAME, REPLICA_SCHEMA, type SchemaVersion } from './schema';
export { dexieQueryReader, meetsCondition } from './query-reader';
export { metaTableStorage, type KeyValueStore, KV_PREFIX } from './kv-storage';
export { replicaChanges } from './changes';
