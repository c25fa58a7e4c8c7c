import { Table } from '@mantine/core';

/** A table's heading row of plain column names. */
export function TableHeader({ headings }: { headings: readonly string[] }) {
  return (
    <Table.Thead>
      <Table.Tr>
        {headings.map((heading) => (
          <Table.Th key={heading}>{heading}</Table.Th>
        ))}
      </Table.Tr>
    </Table.Thead>
  );
}
