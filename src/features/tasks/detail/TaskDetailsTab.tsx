import { Table } from '@mantine/core';
import type { Reference, Task } from '@medplum/fhirtypes';
import type { ReactNode } from 'react';
import { formatDateTime, ReferenceLink, referenceLabel, useReferenceNames } from '@/ui';
import { statusText } from '../format';
import { taskFieldText } from '../list/columns';

/** The fields of a task. */
export function TaskDetailsTab({ task }: { task: Task }) {
  // The fields the list also shows read as they do there.
  const names = useReferenceNames([task.for, task.owner, task.focus]);
  const field = (name: string) => taskFieldText(task, name, names);
  const link = (reference: Reference | undefined, text: string) =>
    text ? <ReferenceLink reference={reference}>{text}</ReferenceLink> : '';
  // The patient, the owner and the focus link to their resources.
  const rows: [string, ReactNode][] = [
    ['ID', task.id ?? ''],
    ['Version', task.meta?.versionId ?? 'Not yet on the server'],
    ['Code', field('code')],
    ['Description', task.description ?? ''],
    ['Status', field('status')],
    ['Business status', field('businessStatus')],
    ['Intent', statusText(task.intent)],
    ['Priority', field('priority')],
    ['For', link(task.for, field('for'))],
    ['Owner', link(task.owner, field('owner'))],
    ['Performer type', field('performerType')],
    ['Focus', link(task.focus, referenceLabel(task.focus, names))],
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
