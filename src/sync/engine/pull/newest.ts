import type { Resource } from '@medplum/fhirtypes';
import { referencesOf } from './scope';

/** The newest server time seen per type, and the references of the tasks seen. */
export class Newest {
  private readonly byType = new Map<string, string>();
  private readonly refs = new Set<string>();

  see(type: string, lastUpdated: string): void {
    const current = this.byType.get(type);
    if (!current || Date.parse(lastUpdated) > Date.parse(current)) this.byType.set(type, lastUpdated);
  }

  remember(resource: Resource): void {
    if (resource.meta?.lastUpdated) this.see(resource.resourceType, resource.meta.lastUpdated);
    for (const reference of referencesOf(resource)) this.refs.add(reference);
  }

  of(type: string): string | undefined {
    return this.byType.get(type);
  }

  overall(): string | undefined {
    let best: string | undefined;
    for (const value of this.byType.values()) if (!best || Date.parse(value) > Date.parse(best)) best = value;
    return best;
  }

  types(): string[] {
    return [...this.byType.keys()];
  }

  references(): string[] {
    return [...this.refs];
  }
}
