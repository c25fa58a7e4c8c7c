import { Button, Checkbox, Group, Stack, Title } from '@mantine/core';
import { useState } from 'react';
import { TOUCH_TARGET } from './touch';

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
        <Title order={2} size="h4">
          Choose scope
        </Title>
        <Checkbox.Group value={chosen} onChange={setChosen}>
          <Stack gap={0}>
            {scopes.map((s) => (
              <Checkbox
                key={s}
                value={s}
                label={s}
                styles={{ body: { ...TOUCH_TARGET, alignItems: 'center' } }}
              />
            ))}
          </Stack>
        </Checkbox.Group>
        <Group justify="flex-end">
          <Button type="submit" loading={busy} style={TOUCH_TARGET}>
            Set scope
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
