import { Badge, Button, Group, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import type { Resource } from '@medplum/fhirtypes';
import { memo } from 'react';

/** One line of a section: what it is, and a detail (status, value, date). */
export interface SectionRow {
  key: string;
  text: string;
  detail?: string;
  waiting: boolean;
}

interface ClinicalSectionProps {
  title: string;
  /** 'Add Allergy' */
  addLabel: string;
  rows: SectionRow[];
  /** The words shown when there is nothing to list. */
  empty: string;
  onAdd: () => void;
  onEdit: (key: string) => void;
}

/** A titled list of the patient's entries of one kind; each entry opens its edit dialog. */
export const ClinicalSection = memo(function ClinicalSection({
  title,
  addLabel,
  rows,
  empty,
  onAdd,
  onEdit,
}: ClinicalSectionProps) {
  return (
    <Stack gap={4} component="section" aria-label={title}>
      <Group justify="space-between" wrap="nowrap">
        <Title order={3} size="h5">
          {title}
        </Title>
        <Button variant="subtle" size="compact-sm" mih={44} onClick={onAdd} aria-label={addLabel}>
          Add
        </Button>
      </Group>
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          {empty}
        </Text>
      ) : (
        <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {rows.map((row) => (
            <li key={row.key}>
              <UnstyledButton
                w="100%"
                mih={36}
                py={4}
                onClick={() => onEdit(row.key)}
                aria-label={`Edit ${row.text}`}
              >
                <Group gap="xs" justify="space-between" wrap="nowrap">
                  <Text size="sm" lineClamp={2}>
                    {row.text}
                  </Text>
                  <Group gap={6} wrap="nowrap" style={{ flexShrink: 0 }}>
                    {row.waiting && (
                      <Badge size="xs" color="yellow" variant="light">
                        Waiting to sync
                      </Badge>
                    )}
                    {row.detail && (
                      <Text size="xs" c="dimmed">
                        {row.detail}
                      </Text>
                    )}
                  </Group>
                </Group>
              </UnstyledButton>
            </li>
          ))}
        </ul>
      )}
    </Stack>
  );
});

export const keyOf = (resource: Resource): string => `${resource.resourceType}/${resource.id ?? ''}`;

export function rowsOf<T extends Resource>(
  resources: T[],
  waiting: ReadonlySet<string>,
  describe: (resource: T) => { text: string; detail?: string }
): SectionRow[] {
  return resources.map((resource) => ({
    key: keyOf(resource),
    waiting: waiting.has(keyOf(resource)),
    ...describe(resource),
  }));
}
