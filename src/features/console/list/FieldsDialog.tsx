import { ActionIcon, Button, Group, Modal, NativeSelect, Stack, Table } from '@mantine/core';
import { useState } from 'react';
import { fieldLabel } from '../format';
import { DialogActions, type EditDialogProps } from './DialogActions';

export interface FieldsDialogProps extends EditDialogProps<string[]> {
  fields: readonly string[];
  /** What a column can show: the type's search parameters and elements. */
  choices: readonly string[];
}

/** The Fields dialog: the list's columns in order; add, move up or down, remove. */
export function FieldsDialog({ opened, fields, choices, onOk, onClose }: FieldsDialogProps) {
  const [chosen, setChosen] = useState<string[]>([...fields]);
  const [adding, setAdding] = useState('');

  const move = (index: number, by: number) => {
    const next = [...chosen];
    const [field] = next.splice(index, 1);
    if (field === undefined) return;
    next.splice(index + by, 0, field);
    setChosen(next);
  };
  const available = choices.filter((choice) => !chosen.includes(choice));

  return (
    <Modal opened={opened} onClose={onClose} title="Fields">
      <Stack>
        <Table aria-label="Fields">
          <Table.Tbody>
            {chosen.map((field, index) => (
              <Table.Tr key={field}>
                <Table.Td>{fieldLabel(field)}</Table.Td>
                <Table.Td>
                  <Group gap={4} justify="flex-end" wrap="nowrap">
                    <ActionIcon
                      variant="default"
                      size="lg"
                      aria-label={`Move ${fieldLabel(field)} up`}
                      disabled={index === 0}
                      onClick={() => move(index, -1)}
                    >
                      ↑
                    </ActionIcon>
                    <ActionIcon
                      variant="default"
                      size="lg"
                      aria-label={`Move ${fieldLabel(field)} down`}
                      disabled={index === chosen.length - 1}
                      onClick={() => move(index, 1)}
                    >
                      ↓
                    </ActionIcon>
                    <ActionIcon
                      variant="default"
                      size="lg"
                      aria-label={`Remove ${fieldLabel(field)}`}
                      onClick={() => setChosen(chosen.filter((name) => name !== field))}
                    >
                      ×
                    </ActionIcon>
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <Group align="flex-end" wrap="nowrap">
          <NativeSelect
            label="Add a field"
            style={{ flex: 1 }}
            value={adding}
            data={[
              { value: '', label: 'Field…' },
              ...available.map((name) => ({ value: name, label: fieldLabel(name) })),
            ]}
            onChange={(event) => setAdding(event.currentTarget.value)}
          />
          <Button
            variant="default"
            disabled={!adding}
            onClick={() => {
              setChosen([...chosen, adding]);
              setAdding('');
            }}
          >
            Add
          </Button>
        </Group>
        <DialogActions onCancel={onClose}>
          <Button disabled={chosen.length === 0} onClick={() => onOk(chosen)}>
            OK
          </Button>
        </DialogActions>
      </Stack>
    </Modal>
  );
}
