import { Autocomplete, Stack, Text } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { useGlobalSearch, type GlobalSearchResult } from '@/ui';

const keyOf = (result: GlobalSearchResult) => `${result.resourceType}/${result.id}`;

/**
 * The header search: patients and service requests whose identifier or name holds the query, at
 * most five of each, best match first, from the replica (so it works offline). Choosing one opens
 * /{Type}/{id}.
 */
export function GlobalSearch() {
  const navigate = useNavigate();
  const [query, setQuery] = useState('');
  const { patients, serviceRequests } = useGlobalSearch(query);
  const byKey = useMemo(
    () => new Map([...patients, ...serviceRequests].map((result) => [keyOf(result), result])),
    [patients, serviceRequests]
  );
  const data = [
    { group: 'Patients', items: patients.map((result) => ({ value: keyOf(result) })) },
    { group: 'Service Requests', items: serviceRequests.map((result) => ({ value: keyOf(result) })) },
  ].filter((group) => group.items.length > 0);

  function open(key: string): void {
    const result = byKey.get(key);
    setQuery('');
    if (!result) return;
    void navigate({
      to: '/$resourceType/$id',
      params: { resourceType: result.resourceType, id: result.id },
    });
  }

  return (
    <Autocomplete
      aria-label="Search"
      placeholder="Search"
      value={query}
      // Choosing an option writes its key into the box: the box is emptied instead.
      onChange={(value) => setQuery(byKey.has(value) ? '' : value)}
      onOptionSubmit={open}
      data={data}
      filter={({ options }) => options}
      renderOption={({ option }) => {
        const result = byKey.get(option.value);
        return (
          <Stack gap={0}>
            <Text size="sm">{result?.label ?? option.value}</Text>
            {result?.detail && (
              <Text size="xs" c="dimmed">
                {result.detail}
              </Text>
            )}
          </Stack>
        );
      }}
      visibleFrom="sm"
      w={280}
      styles={{ input: { minHeight: 36 } }}
    />
  );
}
