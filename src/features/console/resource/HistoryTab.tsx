import { Anchor, Group, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { formatDateTime, SimpleTable } from '@/ui';
import { ServerStateNotice } from '../common/ServerStateNotice';
import { useHistory } from '../common/use-history';

/** The History tab: every version of the resource, with its author and date, and what it changed. */
export function HistoryTab({ resourceType, id }: { resourceType: string; id: string }) {
  const history = useHistory(resourceType, id);
  if (history.status !== 'ready') return <ServerStateNotice state={history} what="history" />;
  if (history.data.length === 0) return <Text c="dimmed">No results</Text>;
  return (
    <SimpleTable
      label="History"
      columns={['Author', 'Date', 'Version']}
      rows={history.data.map((entry) => {
        const params = { resourceType, id, versionId: entry.versionId };
        return {
          key: entry.versionId || entry.date,
          cells: [
            entry.author,
            formatDateTime(entry.date),
            <Group key="version" gap="sm" wrap="nowrap">
              <Anchor
                renderRoot={(props) => (
                  <Link {...props} to="/$resourceType/$id/_history/$versionId" params={params} />
                )}
              >
                {entry.versionId}
              </Anchor>
              {entry.method === 'DELETE' ? (
                <Text size="sm">(deleted)</Text>
              ) : (
                <Anchor
                  size="sm"
                  aria-label={`Diff: changes in version ${entry.versionId}`}
                  renderRoot={(props) => (
                    <Link {...props} to="/$resourceType/$id/_history/$versionId/diff" params={params} />
                  )}
                >
                  Diff
                </Anchor>
              )}
            </Group>,
          ],
        };
      })}
    />
  );
}
