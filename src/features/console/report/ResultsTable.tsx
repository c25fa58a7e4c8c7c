import { SimpleTable } from '@/ui';
import type { ResultRow } from './results';

const CRITICAL_STYLE = { backgroundColor: 'var(--mantine-color-red-1)', fontWeight: 600 } as const;

const COLUMNS = ['Test', 'Value', 'Reference Range', 'Interpretation', 'Category', 'Performer', 'Status'];

/** The results of a report; critical rows are highlighted and say so to screen readers. */
export function ResultsTable({ rows }: { rows: ResultRow[] }) {
  return (
    <SimpleTable
      label="Results"
      minWidth={700}
      columns={COLUMNS}
      rows={rows.map((row) => ({
        key: row.id,
        cells: [
          row.test,
          row.value,
          row.referenceRange,
          row.interpretation,
          row.category,
          row.performer,
          row.status,
        ],
        props: {
          'data-critical': row.critical || undefined,
          'aria-label': row.critical ? `${row.test} (critical)` : undefined,
          style: row.critical ? CRITICAL_STYLE : undefined,
        },
      }))}
    />
  );
}
