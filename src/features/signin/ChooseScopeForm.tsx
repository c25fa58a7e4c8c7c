import { Checkbox, Stack } from '@mantine/core';
import { useState } from 'react';
import { StepTitle, SubmitRow, touchCheckboxStyles } from './FormParts';

interface ChooseScopeFormProps {
  /** The scope asked for, space-separated. */
  scope: string;
  busy: boolean;
  onSubmit: (scope: string) => void;
}

/** Lets the user narrow the scope the app asked for: a checkbox per scope. */
export function ChooseScopeForm({ scope, busy, onSubmit }: ChooseScopeFormProps) {
  const scopes = [...new Set(scope.split(/\s+/).filter(Boolean))];
  const [chosen, setChosen] = useState<string[]>(scopes);
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit(scopes.filter((s) => chosen.includes(s)).join(' '));
      }}
    >
      <Stack gap="md">
        <StepTitle>Choose scope</StepTitle>
        <Checkbox.Group value={chosen} onChange={setChosen}>
          <Stack gap={0}>
            {scopes.map((s) => (
              <Checkbox key={s} value={s} label={s} styles={touchCheckboxStyles} />
            ))}
          </Stack>
        </Checkbox.Group>
        <SubmitRow busy={busy} label="Set scope" />
      </Stack>
    </form>
  );
}
