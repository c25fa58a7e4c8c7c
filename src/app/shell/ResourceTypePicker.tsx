import { Select } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { RESOURCE_TYPES } from '@/fhir/resource-types';

interface ResourceTypePickerProps {
  /** Called after the picked type's list was opened. */
  onNavigate?: () => void;
}

/** Picks any resource type and opens its list at /{Type}. */
export function ResourceTypePicker({ onNavigate }: ResourceTypePickerProps) {
  const navigate = useNavigate();
  return (
    <Select
      aria-label="Resource Type"
      placeholder="Resource Type"
      data={RESOURCE_TYPES as string[]}
      value={null}
      searchable
      limit={50}
      maxDropdownHeight={320}
      nothingFoundMessage="Nothing found..."
      onChange={(type) => {
        if (!type) return;
        void navigate({ to: '/$resourceType', params: { resourceType: type }, search: {} });
        onNavigate?.();
      }}
      styles={{ input: { minHeight: 44 } }}
    />
  );
}
