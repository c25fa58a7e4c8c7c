import { Button, Group, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import type { SectionRow } from './section-rows';
import { memo, useCallback, type CSSProperties, type MouseEvent, type ReactNode } from 'react';

// A section lists up to 100 entries: plain elements keep drawing five full sections well within a frame budget.
// A long list scrolls inside its section, so the sections after it (and the task's tabs) stay near.
const LIST: CSSProperties = { listStyle: 'none', margin: 0, padding: 0, maxHeight: 320, overflowY: 'auto' };
const ROW: CSSProperties = {
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: 8,
  width: '100%',
  // A row is a control: a target of at least 44 px.
  minHeight: 44,
  padding: '4px 0',
  border: 0,
  background: 'none',
  color: 'inherit',
  font: 'inherit',
  textAlign: 'left',
  cursor: 'pointer',
};
const TEXT: CSSProperties = { fontSize: 'var(--mantine-font-size-sm)', overflowWrap: 'anywhere' };
const SIDE: CSSProperties = { display: 'flex', alignItems: 'center', gap: 6, flexShrink: 0 };
const DETAIL: CSSProperties = {
  fontSize: 'var(--mantine-font-size-xs)',
  color: 'var(--mantine-color-dimmed)',
};
const BADGE: CSSProperties = {
  fontSize: 10,
  fontWeight: 700,
  textTransform: 'uppercase',
  padding: '1px 6px',
  borderRadius: 'var(--mantine-radius-xl)',
  color: 'var(--mantine-color-yellow-light-color)',
  background: 'var(--mantine-color-yellow-light)',
};

interface ClinicalSectionProps {
  title: string;
  /** 'Add Allergy' */
  addLabel: string;
  rows: SectionRow[];
  /** The words shown when there is nothing to list. */
  empty: string;
  onAdd: () => void;
  onEdit: (key: string) => void;
  /** Drawn between the title and the list (the vitals' trends). */
  children?: ReactNode;
}

/** A titled list of the patient's entries of one kind; each entry opens its edit dialog. */
export const ClinicalSection = memo(function ClinicalSection({
  title,
  addLabel,
  rows,
  empty,
  onAdd,
  onEdit,
  children,
}: ClinicalSectionProps) {
  const edit = useCallback(
    (event: MouseEvent<HTMLButtonElement>) => onEdit(event.currentTarget.dataset.key ?? ''),
    [onEdit]
  );
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
      {children}
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          {empty}
        </Text>
      ) : (
        <ul style={LIST}>
          {rows.map((row) => (
            <li key={row.key}>
              <button
                type="button"
                className="mantine-focus-auto"
                style={ROW}
                data-key={row.key}
                onClick={edit}
              >
                {/* The name is 'Edit' and the words shown, so a spoken "click Asthma" finds it. */}
                <VisuallyHidden>Edit </VisuallyHidden>
                <span style={TEXT}>{row.text}</span>{' '}
                <span style={SIDE}>
                  {row.waiting && <span style={BADGE}>Waiting to sync</span>}{' '}
                  {row.detail && <span style={DETAIL}>{row.detail}</span>}
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </Stack>
  );
});
