import { MemoryReplicaStore } from './memory-replica';
import { describeReplicaContract } from './testing/replica-contract';

describeReplicaContract('MemoryReplicaStore', async () => ({
  store: new MemoryReplicaStore(),
  dispose: async () => undefined,
}));
