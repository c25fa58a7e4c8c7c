import { Button, Group, Modal, NativeSelect, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import type { SearchParameterInfo } from '@/ui';
import { fieldLabel } from '../format';
import { operatorsFor, type FilterOperator } from './operators';
import type { ListFilter } from './search-request';

export interface FilterPromptProps {
  /** The column's search parameter; the dialog is closed when undefined. */
  parameter: SearchParameterInfo | undefined;
  onOk: (filter: ListFilter) => void;
  onClose: () => void;
}

/** The single-filter dialog of a column: an operation of the parameter's type and a value. */
export function FilterPrompt({ parameter, onOk, onClose }: FilterPromptProps) {
  const operators = operatorsFor(parameter?.type);
  const [operator, setOperator] = useState<FilterOperator>('eq');
  const [value, setValue] = useState('');
  const title = parameter ? `Filter ${fieldLabel(parameter.code)}` : 'Filter';
  return (
    <Modal opened={parameter !== undefined} onClose={onClose} title={title}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (parameter) onOk({ code: parameter.code, operator, value });
        }}
      >
        <Stack>
          <NativeSelect
            label="Operation"
            value={operator}
            data={operators.map((choice) => ({ value: choice.operator, label: choice.label }))}
            onChange={(event) => setOperator(event.currentTarget.value as FilterOperator)}
          />
          <TextInput
            label="Value"
            data-autofocus
            value={value}
            placeholder={parameter?.type === 'date' ? 'YYYY-MM-DD' : undefined}
            onChange={(event) => setValue(event.currentTarget.value)}
          />
          <Group justify="flex-end">
            <Button type="submit">OK</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
