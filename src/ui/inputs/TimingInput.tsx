import { Button, Checkbox, Chip, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import type { Timing } from '@medplum/fhirtypes';
import { useState } from 'react';
import { formatTiming } from '../format/timing';
import { OptionSelect } from './OptionSelect';
import {
  DAY_LABELS,
  PERIOD_UNIT_LABELS,
  draftFromTiming,
  timingFromDraft,
  type TimingDraft,
} from './timing-dialog';

export interface TimingInputProps {
  id?: string;
  value: Timing | undefined;
  onChange: (value: Timing | undefined) => void;
  ariaLabel?: string;
}

/** A timing shown as text, edited in the Timing dialog. */
export function TimingInput({ id, value, onChange, ariaLabel }: TimingInputProps) {
  const [draft, setDraft] = useState<TimingDraft | undefined>();
  const change = (part: Partial<TimingDraft>) => setDraft((current) => current && { ...current, ...part });
  return (
    <Group gap="sm">
      <Text size="sm" c={value ? undefined : 'dimmed'}>
        {formatTiming(value) || 'No timing'}
      </Text>
      <Button
        id={id}
        aria-label={`Edit ${ariaLabel ?? 'timing'}`}
        size="xs"
        variant="default"
        onClick={() => setDraft(draftFromTiming(value))}
      >
        Edit
      </Button>
      <Modal opened={!!draft} onClose={() => setDraft(undefined)} title="Timing">
        {draft && (
          <Stack>
            <TextInput
              label="Starts on"
              type="datetime-local"
              step={1}
              value={draft.startsOn}
              onChange={(event) => change({ startsOn: event.currentTarget.value })}
            />
            <Checkbox
              label="Repeat"
              checked={draft.repeat}
              onChange={(event) => change({ repeat: event.currentTarget.checked })}
            />
            {draft.repeat && (
              <Group align="flex-end" gap="xs">
                <TextInput
                  label="Repeat every"
                  type="number"
                  step="1"
                  min={1}
                  w={110}
                  value={draft.period}
                  onChange={(event) => change({ period: event.currentTarget.value })}
                />
                <OptionSelect
                  ariaLabel="Repeat unit"
                  w={130}
                  clearable={false}
                  options={Object.entries(PERIOD_UNIT_LABELS).map(([unit, label]) => ({
                    value: unit,
                    label,
                  }))}
                  value={draft.periodUnit}
                  onChange={(unit) => unit && change({ periodUnit: unit as TimingDraft['periodUnit'] })}
                />
              </Group>
            )}
            {draft.repeat && draft.periodUnit === 'wk' && (
              <Chip.Group
                multiple
                value={draft.dayOfWeek}
                onChange={(days) => change({ dayOfWeek: days as TimingDraft['dayOfWeek'] })}
              >
                <Group gap={4}>
                  {Object.entries(DAY_LABELS).map(([day, label]) => (
                    <Chip key={day} value={day} size="sm">
                      {label}
                    </Chip>
                  ))}
                </Group>
              </Chip.Group>
            )}
            <Group justify="flex-end">
              <Button
                onClick={() => {
                  onChange(timingFromDraft(draft, value));
                  setDraft(undefined);
                }}
              >
                OK
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </Group>
  );
}
