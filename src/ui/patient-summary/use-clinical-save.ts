import type { Resource } from '@medplum/fhirtypes';
import { compare } from 'fast-json-patch';
import { useState } from 'react';
import type { LocalChange } from '@/sync/engine/types';
import { useCommands } from '../hooks/use-commands';

/** What a change may touch: never the identity or the server's bookkeeping. */
function body(resource: Resource): Record<string, unknown> {
  const { resourceType: _type, id: _id, meta: _meta, ...rest } = resource;
  return rest;
}

/**
 * The outbox change that records `after`: a create when there is no `before`, else a patch of what
 * the dialog changed (undefined when nothing did). Edits never commute: a clinical entry another
 * user changed meanwhile becomes a conflict.
 */
export function clinicalChange(
  before: Resource | undefined,
  after: Resource,
  label: string
): LocalChange | undefined {
  if (!before) {
    const { id: _id, meta: _meta, ...created } = after;
    return {
      resourceType: after.resourceType,
      kind: 'create',
      resource: created as Resource,
      commutes: false,
      label,
    };
  }
  const operations = compare(body(before), body(after));
  if (operations.length === 0) return undefined;
  return {
    resourceType: before.resourceType,
    id: before.id,
    kind: 'patch',
    operations,
    commutes: false,
    label,
  };
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
