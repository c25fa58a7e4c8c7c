import { Button, Group, Stack } from '@mantine/core';
import type { ReactNode } from 'react';

export interface ArrayInputProps {
  /** Names the add and remove buttons: 'Add Telecom', 'Remove Telecom'. */
  label: string;
  values: readonly unknown[];
  /** The list is shown padded with empty items up to `min`; none can be removed at `min`. */
  min: number;
  /** No item can be added at `max`. */
  max: number;
  onChange: (values: unknown[]) => void;
  renderItem: (value: unknown, onChange: (value: unknown) => void, index: number) => ReactNode;
  /** What a new or padding item starts as (a slice's fixed parts); padding is stored once edited. */
  blank?: unknown;
}

/** A list of one input per item, with add and remove obeying the element's min and max. */
export function ArrayInput({ label, values, min, max, onChange, renderItem, blank }: ArrayInputProps) {
  const items: unknown[] = [
    ...values,
    ...Array.from({ length: Math.max(0, min - values.length) }, () => blank),
  ];
  const setItem = (index: number, value: unknown) => {
    // Padding after the edited item stays unstored.
    const next = items.slice(0, Math.max(values.length, index + 1));
    next[index] = value;
    onChange(next);
  };
  return (
    <Stack gap={6}>
      {items.map((item, index) => (
        <Group key={index} gap="xs" align="flex-start" wrap="nowrap">
          <div style={{ flex: 1, minWidth: 0 }}>
            {renderItem(item, (value) => setItem(index, value), index)}
          </div>
          {items.length > min && (
            <Button
              variant="subtle"
              color="red"
              size="xs"
              aria-label={`Remove ${label}`}
              onClick={() => onChange(items.filter((_, at) => at !== index))}
            >
              Remove
            </Button>
          )}
        </Group>
      ))}
      {items.length < max && (
        <Group>
          <Button variant="light" size="xs" onClick={() => onChange([...items, blank])}>
            {`Add ${label}`}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
