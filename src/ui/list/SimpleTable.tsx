import { Table, type TableProps, type TableTrProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { TableHeader } from './TableHeader';

/** One row: its key, a cell per column, and what the row itself carries (a highlight, a name). */
export interface SimpleTableRow {
  key: string;
  cells: ReactNode[];
  props?: TableTrProps & Record<`data-${string}`, string | boolean | undefined>;
}

export interface SimpleTableProps extends Omit<TableProps, 'children'> {
  /** The table's accessible name. */
  label?: string;
  columns: string[];
  rows: SimpleTableRow[];
  /** Scrolls sideways below this width instead of squeezing the columns. */
  minWidth?: number;
}

/** A read-only table with a header row of column names and one row per item. */
export function SimpleTable({ label, columns, rows, minWidth, ...tableProps }: SimpleTableProps) {
  const table = (
    <Table aria-label={label} verticalSpacing="xs" {...tableProps}>
      <TableHeader headings={columns} />
      <Table.Tbody>
        {rows.map((row) => (
          <Table.Tr key={row.key} {...row.props}>
            {row.cells.map((cell, index) => (
              <Table.Td key={columns[index] ?? index}>{cell}</Table.Td>
            ))}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
  return minWidth ? <Table.ScrollContainer minWidth={minWidth}>{table}</Table.ScrollContainer> : table;
}
