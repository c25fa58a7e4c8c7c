import { Group, Stack, Table, Text } from '@mantine/core';
import type { Task } from '@medplum/fhirtypes';
import { useNavigate } from '@tanstack/react-router';
import { useId } from 'react';
import { ReferenceLink, ResourceLink, useReferenceNames, type StoredResource } from '@/ui';
import { TOUCH_HEIGHT } from '../constants';
import { fittingColumns, taskColumns } from './columns';
import { SyncBadge } from './SyncBadge';
import classes from './task-table.module.css';
import { useTableWidth } from './use-table-width';

interface TaskTableProps {
  records: StoredResource[];
  fields: string[];
}

/**
 * The tasks of a list, one row each; the first cell links to the task (keyboard and touch). A narrow
 * list leaves out its least needed columns and names them; Code, For and Priority always show. A
 * table still wider than the screen scrolls sideways, shaded at the edge where more lies and saying
 * so in words.
 */
export function TaskTable({ records, fields }: TaskTableProps) {
  const navigate = useNavigate();
  const { ref: boxRef, width, moreLeft, moreRight, onScroll } = useTableWidth();
  const hintId = useId();
  const all = taskColumns(fields);
  // Until the box is measured (never, where nothing is laid out) every column shows.
  const { shown: columns, hidden } = width > 0 ? fittingColumns(all, width) : { shown: all, hidden: [] };
  const scrolls = moreLeft || moreRight;
  const names = useReferenceNames(
    records.flatMap(({ resource }) => [(resource as Task).owner, (resource as Task).for])
  );
  return (
    <Stack gap={4}>
      {(hidden.length > 0 || scrolls) && (
        <Text id={hintId} size="xs" c="dimmed">
          {[
            hidden.length > 0 &&
              `Not shown at this width: ${hidden.map((column) => column.heading).join(', ')}.`,
            scrolls && 'Scroll sideways to see every column.',
          ]
            .filter(Boolean)
            .join(' ')}
        </Text>
      )}
      <div className={classes.frame}>
        <div
          ref={boxRef}
          className={classes.scroller}
          onScroll={onScroll}
          // A box that scrolls is reached by the keyboard too (arrow keys scroll it).
          {...(scrolls
            ? {
                tabIndex: 0,
                role: 'region',
                'aria-label': 'Tasks, scrolls sideways',
                'aria-describedby': hintId,
              }
            : {})}
        >
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
        </div>
        {moreLeft && <div className={`${classes.fade} ${classes.fadeLeft}`} data-testid="more-left" />}
        {moreRight && <div className={`${classes.fade} ${classes.fadeRight}`} data-testid="more-right" />}
      </div>
    </Stack>
  );
}
