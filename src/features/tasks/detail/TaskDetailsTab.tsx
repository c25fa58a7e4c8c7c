import { Table } from '@mantine/core';
import type { Task } from '@medplum/fhirtypes';
import { formatDateTime } from '@/ui';
import { statusText } from '../format';
import { taskFieldText } from '../list/columns';
import { referenceLabel } from '../reference-names';
import { useReferenceNames } from '../use-reference-names';

/** The fields of a task. */
export function TaskDetailsTab({ task }: { task: Task }) {
  // The fields the list also shows read as they do there.
  const names = useReferenceNames([task.for, task.owner, task.focus]);
  const field = (name: string) => taskFieldText(task, name, names);
  const rows: [string, string][] = [
    ['ID', task.id ?? ''],
    ['Version', task.meta?.versionId ?? 'Not yet on the server'],
    ['Code', field('code')],
    ['Description', task.description ?? ''],
    ['Status', field('status')],
    ['Business status', field('businessStatus')],
    ['Intent', statusText(task.intent)],
    ['Priority', field('priority')],
    ['For', field('for')],
    ['Owner', field('owner')],
    ['Performer type', field('performerType')],
    ['Focus', referenceLabel(task.focus, names)],
    ['Due date', field('due-date')],
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
