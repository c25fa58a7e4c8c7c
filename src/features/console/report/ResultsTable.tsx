import { Table } from '@mantine/core';
import type { ResultRow } from './results';

const CRITICAL_STYLE = { backgroundColor: 'var(--mantine-color-red-1)', fontWeight: 600 } as const;

/** The results of a report; critical rows are highlighted and say so to screen readers. */
export function ResultsTable({ rows }: { rows: ResultRow[] }) {
  return (
    <Table.ScrollContainer minWidth={700}>
      <Table aria-label="Results" verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Test</Table.Th>
            <Table.Th>Value</Table.Th>
            <Table.Th>Reference Range</Table.Th>
            <Table.Th>Interpretation</Table.Th>
            <Table.Th>Category</Table.Th>
            <Table.Th>Performer</Table.Th>
            <Table.Th>Status</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr
              key={row.id}
              data-critical={row.critical || undefined}
              aria-label={row.critical ? `${row.test} (critical)` : undefined}
              style={row.critical ? CRITICAL_STYLE : undefined}
            >
              <Table.Td>{row.test}</Table.Td>
              <Table.Td>{row.value}</Table.Td>
              <Table.Td>{row.referenceRange}</Table.Td>
              <Table.Td>{row.interpretation}</Table.Td>
              <Table.Td>{row.category}</Table.Td>
              <Table.Td>{row.performer}</Table.Td>
              <Table.Td>{row.status}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
