import { Stack, Table, Text } from '@mantine/core';
import type { Task } from '@medplum/fhirtypes';
import { useRouter } from '@tanstack/react-router';
import { memo, useCallback, useId, useMemo } from 'react';
import {
  ReferenceLink,
  ResourceLink,
  sameAnswer,
  SMALL_TEXT,
  useOfferResource,
  useReferenceNames,
  type ReferenceNames,
  type StoredResource,
} from '@/ui';
import { fittingColumns, taskColumns, type TaskColumn } from './columns';
import { SyncBadge } from './SyncBadge';
import classes from './task-table.module.css';
import { useTableWidth } from './use-table-width';

interface TaskTableProps {
  records: StoredResource[];
  /**
   * The records are the replica's (not a first load's preview of the server's page): a row pressed
   * is offered to the task's page, which then draws in the click's own render.
   */
  held: boolean;
  fields: string[];
}

/**
 * The tasks of a list, one row each; the first cell links to the task (keyboard and touch). A narrow
 * list leaves out its least needed columns and names them; Code, For and Priority always show. A
 * table still wider than the screen scrolls sideways, shaded at the edge where more lies and saying
 * so in words.
 */
export function TaskTable({ records, held, fields }: TaskTableProps) {
  const { ref: boxRef, measured, width, moreLeft, moreRight, onScroll } = useTableWidth();
  const hintId = useId();
  const fieldsKey = fields.join(',');
  // Until the box is measured (never, where nothing is laid out) every column shows.
  const { shown: columns, hidden } = useMemo(() => {
    const all = taskColumns(fieldsKey.split(','));
    return width > 0 ? fittingColumns(all, width) : { shown: all, hidden: [] };
  }, [fieldsKey, width]);
  // The router's own navigate is one function for the table's life (the hook's is new on every
  // location change, which would redraw every row).
  const router = useRouter();
  const openTask = useCallback(
    (id: string) => void router.navigate({ to: '/Task/$id/$tab', params: { id, tab: 'details' } }),
    [router]
  );
  const offerHeld = useOfferResource();
  const offer = held ? offerHeld : ignore;
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
          {/* Unseen until measured: its columns are then those that fit. */}
          <Table
            highlightOnHover
            verticalSpacing="xs"
            aria-label="Tasks"
            style={measured ? undefined : { visibility: 'hidden' }}
          >
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
              {measured &&
                records.map((record) => (
                  <TaskRow
                    key={record.key}
                    record={record}
                    columns={columns}
                    names={names}
                    onOpen={openTask}
                    onPress={offer}
                  />
                ))}
            </Table.Tbody>
          </Table>
        </div>
        {moreLeft && <div className={`${classes.fade} ${classes.fadeLeft}`} data-testid="more-left" />}
        {moreRight && <div className={`${classes.fade} ${classes.fadeRight}`} data-testid="more-right" />}
      </div>
    </Stack>
  );
}

const ignore = () => undefined;

interface TaskRowProps {
  record: StoredResource;
  columns: TaskColumn[];
  names: ReferenceNames;
  onOpen(id: string): void;
  /** As the row's task is opened (the row or its task's link clicked), before it navigates. */
  onPress(record: StoredResource): void;
}

/**
 * Mantine's markup of a table row and cell, set on plain elements: a list draws tens of rows at once,
 * and a Mantine component per cell costs a theme and style lookup each.
 */
const ROW = {
  className: `${Table.classes.tr ?? ''} mantine-Table-tr ${classes.row}`,
  'data-with-row-border': true,
  'data-hover': true,
} as const;
const CELL = `${Table.classes.td ?? ''} mantine-Table-td`;

/**
 * One task's row. A new answer of the list redraws only the rows whose task, pending state or
 * referenced names changed: a pull that brings other tasks leaves the drawn rows alone.
 */
const TaskRow = memo(
  function TaskRow({ record, columns, names, onOpen, onPress }: TaskRowProps) {
    const task = record.resource as Task;
    return (
      <tr
        {...ROW}
        data-task-id={record.id}
        onClick={() => {
          onPress(record);
          onOpen(record.id);
        }}
      >
        {columns.map((column, index) => (
          <td key={column.field} className={CELL}>
            {index === 0 ? (
              // The task's link stops its click from reaching the row: it offers the record itself.
              <div className={classes.first} onClickCapture={() => onPress(record)}>
                {/* The task opens on its Details tab, in one navigation. */}
                <ResourceLink resourceType="Task" id={record.id} tab="details">
                  {column.value(task, record.lastUpdated, names) || record.id}
                </ResourceLink>
                <SyncBadge pending={record.pending} />
              </div>
            ) : column.reference ? (
              <ReferenceLink reference={column.reference(task)}>
                {column.value(task, record.lastUpdated, names)}
              </ReferenceLink>
            ) : (
              <p {...SMALL_TEXT} data-nowrap={column.nowrap || undefined}>
                {column.value(task, record.lastUpdated, names)}
              </p>
            )}
          </td>
        ))}
      </tr>
    );
  },
  (before, after) =>
    before.columns === after.columns &&
    before.onOpen === after.onOpen &&
    before.onPress === after.onPress &&
    sameRow(before.record, after.record) &&
    sameAnswer(before.names, after.names)
);

/** Whether two records draw the same row: the task, its sync badge and its last-updated time. */
const sameRow = (a: StoredResource, b: StoredResource): boolean =>
  a.id === b.id &&
  a.pending === b.pending &&
  a.lastUpdated === b.lastUpdated &&
  sameAnswer(a.resource, b.resource);
