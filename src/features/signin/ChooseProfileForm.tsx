import { Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useState } from 'react';
import { StepTitle } from './FormParts';
import { matchMemberships, membershipLabel } from './steps';
import { TOUCH_TARGET, touchInputStyles } from './touch';
import type { ProjectMembership } from './types';

interface ChooseProfileFormProps {
  memberships: ProjectMembership[];
  busy: boolean;
  onChoose: (membershipId: string) => void;
}

/** A user with several project memberships picks the one to work in. */
export function ChooseProfileForm({ memberships, busy, onChoose }: ChooseProfileFormProps) {
  const [search, setSearch] = useState('');
  const matches = matchMemberships(memberships, search);
  return (
    <Stack gap="md">
      <StepTitle>Choose profile</StepTitle>
      <TextInput
        placeholder="Search"
        aria-label="Search"
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
        styles={touchInputStyles}
        autoFocus
      />
      {matches.length === 0 ? (
        <Text c="dimmed" size="sm">
          Nothing found...
        </Text>
      ) : (
        <Stack gap={4} role="list">
          {matches.map((membership) => {
            const label = membershipLabel(membership);
            return (
              <UnstyledButton
                key={membership.id}
                role="listitem"
                disabled={busy}
                onClick={() => membership.id && onChoose(membership.id)}
                aria-label={`${label.profile} ${label.project}`}
                p="xs"
                style={{
                  ...TOUCH_TARGET,
                  borderRadius: 4,
                  border: '1px solid var(--mantine-color-default-border)',
                }}
              >
                <Text size="sm" fw={500}>
                  {label.profile}
                </Text>
                <Text size="xs" c="dimmed">
                  {label.project}
                </Text>
              </UnstyledButton>
            );
          })}
        </Stack>
      )}
    </Stack>
  );
}
