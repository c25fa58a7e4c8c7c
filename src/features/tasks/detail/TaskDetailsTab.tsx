import { rem, Stack, Table, Text } from '@mantine/core';
import type { Reference, Task, TaskOutput } from '@medplum/fhirtypes';
import type { CSSProperties, ReactNode } from 'react';
import {
  formatCodeableConcept,
  formatDateTime,
  formatValue,
  ReferenceLink,
  referenceLabel,
  useReferenceNames,
  type ReferenceNames,
} from '@/ui';
import { statusText } from '../format';
import { taskFieldText } from '../list/columns';

/** An output's value as one line: value[x] named by its type ('valueString' → string). */
function outputValueText(output: TaskOutput): string {
  const [name, value] = Object.entries(output).find(([key]) => key.startsWith('value')) ?? [];
  if (!name) return '';
  const type = name.slice('value'.length);
  const primitive = type.charAt(0).toLowerCase() + type.slice(1);
  return formatValue(value, type) ?? formatValue(value, primitive) ?? '';
}

/** What the task produced (a submitted questionnaire response, ...), each linking to its resource. */
function TaskOutputs({ outputs, names }: { outputs: readonly TaskOutput[]; names: ReferenceNames }) {
  if (outputs.length === 0) return null;
  return (
    <Stack gap={4}>
      {outputs.map((output, index) => {
        const kind = formatCodeableConcept(output.type);
        if (!output.valueReference) {
          return (
            <Text size="sm" key={index}>
              {[kind, outputValueText(output)].filter(Boolean).join(': ')}
            </Text>
          );
        }
        const target = referenceLabel(output.valueReference, names);
        return (
          <ReferenceLink key={index} reference={output.valueReference}>
            {kind ? `${kind}: ${target}` : target}
          </ReferenceLink>
        );
      })}
    </Stack>
  );
}

const LABEL: CSSProperties = { width: rem(140) };
const VALUE: CSSProperties = { overflowWrap: 'anywhere' };

/**
 * The fields of a task. The rows are plain table elements dressed in the table's own classes: sixteen
 * rows of three components each cost a slow tablet more than the rest of the tab, and look the same.
 */
export function TaskDetailsTab({ task }: { task: Task }) {
  const outputs = task.output ?? [];
  // The fields the list also shows read as they do there.
  const names = useReferenceNames([
    task.for,
    task.owner,
    task.focus,
    ...outputs.map((output) => output.valueReference),
  ]);
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
    ['Output', outputs.length > 0 ? <TaskOutputs key="output" outputs={outputs} names={names} /> : ''],
    ['Authored on', formatDateTime(task.authoredOn)],
    ['Last updated', formatDateTime(task.meta?.lastUpdated)],
  ];
  return (
    <Table variant="vertical" layout="fixed" withTableBorder aria-label="Task details">
      <tbody className={Table.classes.tbody}>
        {rows.map(([label, value]) => (
          <tr key={label} className={Table.classes.tr} data-with-row-border>
            <th className={Table.classes.th} style={LABEL}>
              {label}
            </th>
            <td className={Table.classes.td} style={VALUE}>
              {value || '—'}
            </td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
