import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { useReplicaContext } from '../ReplicaProvider';
import { GLOBAL_SEARCH_DEBOUNCE_MS, globalSearch, type GlobalSearchResults } from './search';

export interface GlobalSearchState extends GlobalSearchResults {
  /** The query the results answer (the debounced one). */
  query: string;
  searching: boolean;
}

const NOTHING: GlobalSearchResults = { patients: [], serviceRequests: [] };

/** The header search over the replica, 100 ms after the last keystroke; a newer query wins. */
export function useGlobalSearch(query: string): GlobalSearchState {
  const { reader } = useReplicaContext();
  const [debounced] = useDebouncedValue(query.trim(), GLOBAL_SEARCH_DEBOUNCE_MS);
  const [answer, setAnswer] = useState<{ query: string; results: GlobalSearchResults }>({
    query: '',
    results: NOTHING,
  });
  useEffect(() => {
    let current = true;
    globalSearch(reader, debounced)
      .then((results) => {
        if (current) setAnswer({ query: debounced, results });
      })
      .catch((error: unknown) => console.error(error));
    return () => {
      current = false;
    };
  }, [reader, debounced]);
  const searching = query.trim() !== answer.query;
  return { ...answer.results, query: answer.query, searching };
}
