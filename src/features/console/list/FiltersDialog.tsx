import { Button, Group, Modal, NativeSelect, Table, TextInput } from '@mantine/core';
import { useState } from 'react';
import { TableHeader, type SearchParameterInfo } from '@/ui';
import { fieldLabel } from '../format';
import { DialogActions, type EditDialogProps } from './DialogActions';
import { operatorLabel, operatorsFor, type FilterOperator } from './operators';
import type { ListFilter } from './search-request';

interface DraftFilter {
  code: string;
  operator: FilterOperator | '';
  value: string;
}

const EMPTY: DraftFilter = { code: '', operator: '', value: '' };

/** The field, operation and value inputs of one filter being written. */
function FilterInputs({
  draft,
  parameters,
  onChange,
}: {
  draft: DraftFilter;
  parameters: readonly SearchParameterInfo[];
  onChange: (draft: DraftFilter) => void;
}) {
  const type = parameters.find((parameter) => parameter.code === draft.code)?.type;
  const operators = draft.code ? operatorsFor(type) : [];
  return (
    <>
      <Table.Td>
        <NativeSelect
          aria-label="Field"
          value={draft.code}
          data={[
            { value: '', label: 'Field…' },
            ...parameters.map((parameter) => ({ value: parameter.code, label: fieldLabel(parameter.code) })),
          ]}
          onChange={(event) => onChange({ ...draft, code: event.currentTarget.value, operator: '' })}
        />
      </Table.Td>
      <Table.Td>
        <NativeSelect
          aria-label="Operation"
          value={draft.operator}
          disabled={!draft.code}
          data={[
            { value: '', label: 'Operation…' },
            ...operators.map((choice) => ({ value: choice.operator, label: choice.label })),
          ]}
          onChange={(event) => onChange({ ...draft, operator: event.currentTarget.value as FilterOperator })}
        />
      </Table.Td>
      <Table.Td>
        <TextInput
          aria-label="Value"
          value={draft.value}
          placeholder={type === 'date' ? 'YYYY-MM-DD' : undefined}
          onChange={(event) => onChange({ ...draft, value: event.currentTarget.value })}
        />
      </Table.Td>
    </>
  );
}

const isComplete = (draft: DraftFilter): draft is ListFilter => draft.code !== '' && draft.operator !== '';

export interface FiltersDialogProps extends EditDialogProps<ListFilter[]> {
  filters: readonly ListFilter[];
  parameters: readonly SearchParameterInfo[];
}

/**
 * The Filters dialog: one row per filter (Field, Operation, Value, Actions). Add and Save appear
 * only once a field and an operation are chosen; OK applies the list, closing discards it.
 */
export function FiltersDialog({ opened, filters, parameters, onOk, onClose }: FiltersDialogProps) {
  const [rows, setRows] = useState<ListFilter[]>([...filters]);
  const [editing, setEditing] = useState<{ index: number; draft: DraftFilter } | undefined>();
  const [adding, setAdding] = useState<DraftFilter>(EMPTY);

  return (
    <Modal opened={opened} onClose={onClose} title="Filters" size="xl">
      <Table.ScrollContainer minWidth={560}>
        <Table aria-label="Filters">
          <TableHeader headings={['Field', 'Operation', 'Value', 'Actions']} />
          <Table.Tbody>
            {rows.map((filter, index) =>
              editing?.index === index ? (
                <Table.Tr key={index} data-testid="filter-row">
                  <FilterInputs
                    draft={editing.draft}
                    parameters={parameters}
                    onChange={(draft) => setEditing({ index, draft })}
                  />
                  <Table.Td>
                    <Group gap={4} wrap="nowrap">
                      {isComplete(editing.draft) && (
                        <Button
                          size="xs"
                          onClick={() => {
                            const saved = editing.draft;
                            if (!isComplete(saved)) return;
                            setRows(rows.map((row, i) => (i === index ? saved : row)));
                            setEditing(undefined);
                          }}
                        >
                          Save
                        </Button>
                      )}
                      <Button size="xs" variant="default" onClick={() => setEditing(undefined)}>
                        Cancel
                      </Button>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ) : (
                <Table.Tr key={index} data-testid="filter-row">
                  <Table.Td>{fieldLabel(filter.code)}</Table.Td>
                  <Table.Td>{operatorLabel(filter.operator)}</Table.Td>
                  <Table.Td>{filter.value}</Table.Td>
                  <Table.Td>
                    <Group gap={4} wrap="nowrap">
                      <Button
                        size="xs"
                        variant="default"
                        onClick={() => setEditing({ index, draft: { ...filter } })}
                      >
                        Edit
                      </Button>
                      <Button
                        size="xs"
                        variant="default"
                        color="red"
                        onClick={() => setRows(rows.filter((_, i) => i !== index))}
                      >
                        Delete
                      </Button>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              )
            )}
            <Table.Tr>
              <FilterInputs draft={adding} parameters={parameters} onChange={setAdding} />
              <Table.Td>
                {isComplete(adding) && (
                  <Button
                    size="xs"
                    onClick={() => {
                      if (!isComplete(adding)) return;
                      setRows([...rows, adding]);
                      setAdding(EMPTY);
                    }}
                  >
                    Add
                  </Button>
                )}
              </Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <DialogActions onCancel={onClose}>
        <Button onClick={() => onOk(rows)}>OK</Button>
      </DialogActions>
    </Modal>
  );
}
