import { Table } from '@mantine/core';
import type { Task } from '@medplum/fhirtypes';
import { conceptsText, conceptText, dateText, dateTimeText, referenceText, statusText } from '../format';

/** The fields of a task. */
export function TaskDetailsTab({ task }: { task: Task }) {
  const rows: [string, string][] = [
    ['ID', task.id ?? ''],
    ['Version', task.meta?.versionId ?? 'Not yet on the server'],
    ['Code', conceptText(task.code)],
    ['Description', task.description ?? ''],
    ['Status', statusText(task.status)],
    ['Business status', conceptText(task.businessStatus)],
    ['Intent', statusText(task.intent)],
    ['Priority', statusText(task.priority)],
    ['For', referenceText(task.for)],
    ['Owner', referenceText(task.owner)],
    ['Performer type', conceptsText(task.performerType)],
    ['Focus', referenceText(task.focus)],
    ['Due date', dateText(task.restriction?.period?.end)],
    ['Authored on', dateTimeText(task.authoredOn)],
    ['Last updated', dateTimeText(task.meta?.lastUpdated)],
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
