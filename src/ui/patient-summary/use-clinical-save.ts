import type { Resource } from '@medplum/fhirtypes';
import { compare } from 'fast-json-patch';
import { useState } from 'react';
import type { LocalChange } from '@/sync/engine/types';
import { useCommands } from '../hooks/use-commands';

/** Elements a change never touches: the identity and the server's bookkeeping. */
const IDENTITY = ['/resourceType', '/id', '/meta'];
const touchesIdentity = (path: string): boolean =>
  IDENTITY.some((root) => path === root || path.startsWith(`${root}/`));

/**
 * The outbox change that records `after`: a create when there is no `before`, else a patch of what the dialog changed (undefined when nothing did). Edits never commute:
 * a clinical entry another user changed meanwhile becomes a conflict.
 */
export function clinicalChange(
  before: Resource | undefined,
  after: Resource,
  label: string
): LocalChange | undefined {
  const change = { resourceType: after.resourceType, commutes: false, label };
  // The engine drops meta and gives a new entry its own id.
  if (!before) return { ...change, kind: 'create', resource: after };
  const operations = compare(before, after).filter((operation) => !touchesIdentity(operation.path));
  return operations.length > 0 ? { ...change, kind: 'patch', id: before.id, operations } : undefined;
}

export interface ClinicalSave {
  /** Stores the entry through the outbox (durable before it resolves); true when it is stored or unchanged. */
  save(before: Resource | undefined, after: Resource, label: string): Promise<boolean>;
  saving: boolean;
  /** Why the last save was refused, in the replica's words. */
  error?: string;
  reset(): void;
}

/** The summary dialogs' one write path: every add and edit through the outbox, online or offline. */
export function useClinicalSave(): ClinicalSave {
  const { applyChange } = useCommands();
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string>();
  return {
    saving,
    error,
    reset: () => setError(undefined),
    async save(before, after, label) {
      const change = clinicalChange(before, after, label);
      if (!change) return true;
      setSaving(true);
      setError(undefined);
      try {
        await applyChange(change, before);
        return true;
      } catch (failure) {
        setError(failure instanceof Error ? failure.message : String(failure));
        return false;
      } finally {
        setSaving(false);
      }
    },
  };
}
