import type { ValueSet, ValueSetExpansionContains } from '@medplum/fhirtypes';
import { useMemo } from 'react';
import { useReplicaQuery } from '../use-replica-query';

export interface ValueSetState {
  valueSet?: ValueSet;
  /** The codes to offer: the expansion, or the concepts the compose lists when there is none. */
  codes: ValueSetExpansionContains[];
  loading: boolean;
}

/** A value set from the replica by its canonical url (works offline). */
export function useValueSet(url: string): ValueSetState {
  const valueSet = useReplicaQuery(
    async (reader) =>
      (await reader.recordsOfType('ValueSet'))
        .filter((record) => record.deleted === 0)
        .map((record) => record.resource as ValueSet)
        .find((candidate) => candidate.url === url) ?? null,
    [url]
  );
  // The same codes while the value set is the same, so what is drawn from them can skip a redraw.
  const codes = useMemo(() => codesOf(valueSet ?? undefined), [valueSet]);
  return { valueSet: valueSet ?? undefined, codes, loading: valueSet === undefined };
}

/** The codes a value set offers: its expansion, else the concepts its compose lists. */
export function codesOf(valueSet: ValueSet | undefined): ValueSetExpansionContains[] {
  if (!valueSet) return [];
  if (valueSet.expansion?.contains?.length) return flatten(valueSet.expansion.contains);
  return (valueSet.compose?.include ?? []).flatMap((include) =>
    (include.concept ?? []).map((concept) => ({
      system: include.system,
      code: concept.code,
      display: concept.display,
    }))
  );
}

function flatten(contains: ValueSetExpansionContains[]): ValueSetExpansionContains[] {
  return contains.flatMap((item) => [item, ...flatten(item.contains ?? [])]);
}
