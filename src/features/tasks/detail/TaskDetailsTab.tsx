import { Table } from '@mantine/core';
import type { Task } from '@medplum/fhirtypes';
import {
  formatCodeableConcept,
  formatCodeableConcepts,
  formatDate,
  formatDateTime,
  formatReference,
} from '@/ui';
import { statusText } from '../format';

/** The fields of a task (spec §3). */
export function TaskDetailsTab({ task }: { task: Task }) {
  const rows: [string, string][] = [
    ['ID', task.id ?? ''],
    ['Version', task.meta?.versionId ?? 'Not yet on the server'],
    ['Code', formatCodeableConcept(task.code)],
    ['Description', task.description ?? ''],
    ['Status', statusText(task.status)],
    ['Business status', formatCodeableConcept(task.businessStatus)],
    ['Intent', statusText(task.intent)],
    ['Priority', statusText(task.priority)],
    ['For', formatReference(task.for)],
    ['Owner', formatReference(task.owner)],
    ['Performer type', formatCodeableConcepts(task.performerType)],
    ['Focus', formatReference(task.focus)],
    ['Due date', formatDate(task.restriction?.period?.end)],
    ['Authored on', formatDateTime(task.authoredOn)],
    ['Last updated', formatDateTime(task.meta?.lastUpdated)],
  ];
  return (
    <Table variant="vertical" layout="fixed" withTableBorder aria-label="Task details">
      <Table.Tbody>
        {rows.map(([label, value]) => (
          <Table.Tr key={label}>
            <Table.Th w={140}>{label}</Table.Th>
            <Table.Td style={{ overflowWrap: 'anywhere' }}>{value || '—'}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
