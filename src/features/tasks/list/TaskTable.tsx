import { Group, Table, Text } from '@mantine/core';
import type { Task } from '@medplum/fhirtypes';
import { useNavigate } from '@tanstack/react-router';
import { ReferenceLink, ResourceLink, useReferenceNames, type StoredResource } from '@/ui';
import { TOUCH_HEIGHT } from '../constants';
import { taskColumns } from './columns';
import { SyncBadge } from './SyncBadge';

interface TaskTableProps {
  records: StoredResource[];
  fields: string[];
}

/** The tasks of a list, one row each; the first cell links to the task (keyboard and touch). */
export function TaskTable({ records, fields }: TaskTableProps) {
  const navigate = useNavigate();
  const columns = taskColumns(fields);
  const names = useReferenceNames(
    records.flatMap(({ resource }) => [(resource as Task).owner, (resource as Task).for])
  );
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table highlightOnHover verticalSpacing="xs" aria-label="Tasks">
        <Table.Thead>
          <Table.Tr>
            {columns.map((column) => (
              <Table.Th key={column.field} style={column.nowrap ? { whiteSpace: 'nowrap' } : undefined}>
                {column.heading}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {records.map((record) => {
            const task = record.resource as Task;
            return (
              <Table.Tr
                key={record.key}
                data-task-id={record.id}
                style={{ cursor: 'pointer', height: TOUCH_HEIGHT }}
                onClick={() =>
                  void navigate({ to: '/Task/$id/$tab', params: { id: record.id, tab: 'details' } })
                }
              >
                {columns.map((column, index) => (
                  <Table.Td key={column.field}>
                    {index === 0 ? (
                      <Group gap={6} wrap="nowrap">
                        <ResourceLink resourceType="Task" id={record.id}>
                          {column.value(task, record.lastUpdated, names) || record.id}
                        </ResourceLink>
                        <SyncBadge pending={record.pending} />
                      </Group>
                    ) : column.reference ? (
                      <ReferenceLink reference={column.reference(task)}>
                        {column.value(task, record.lastUpdated, names)}
                      </ReferenceLink>
                    ) : (
                      <Text size="sm" style={column.nowrap ? { whiteSpace: 'nowrap' } : undefined}>
                        {column.value(task, record.lastUpdated, names)}
                      </Text>
                    )}
                  </Table.Td>
                ))}
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
