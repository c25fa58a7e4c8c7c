import { Anchor, Table, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { formatDateTime } from '@/ui';
import { ServerStateNotice } from './ServerStateNotice';
import { useHistory } from './use-history';

/** The History tab: every version of the resource, with its author and date. */
export function HistoryTab({ resourceType, id }: { resourceType: string; id: string }) {
  const history = useHistory(resourceType, id);
  if (history.status !== 'ready') return <ServerStateNotice state={history} what="history" />;
  if (history.data.length === 0) return <Text c="dimmed">No results</Text>;
  return (
    <Table aria-label="History" verticalSpacing="xs">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Author</Table.Th>
          <Table.Th>Date</Table.Th>
          <Table.Th>Version</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {history.data.map((entry) => (
          <Table.Tr key={entry.versionId || entry.date}>
            <Table.Td>{entry.author}</Table.Td>
            <Table.Td>{formatDateTime(entry.date)}</Table.Td>
            <Table.Td>
              <Anchor
                renderRoot={(props) => (
                  <Link
                    {...props}
                    to="/$resourceType/$id/_history/$versionId"
                    params={{ resourceType, id, versionId: entry.versionId }}
                  />
                )}
              >
                {entry.versionId}
              </Anchor>
              {entry.method === 'DELETE' && ' (deleted)'}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
