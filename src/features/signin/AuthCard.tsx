import { Container, Paper, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** Sign-in page sizes. */
export const SIGN_IN_CARD_WIDTH = 450;
export const SIGN_IN_CONTAINER_WIDTH = 500;

interface AuthCardProps {
  heading: ReactNode;
  children: ReactNode;
}

/** The card every sign-in screen sits in: sign in, register, reset and set a password. */
export function AuthCard({ heading, children }: AuthCardProps) {
  return (
    <Container size={SIGN_IN_CONTAINER_WIDTH} w="100%" py="xl">
      <Paper withBorder shadow="sm" radius="md" p="lg" maw={SIGN_IN_CARD_WIDTH} mx="auto">
        <Stack gap="md">
          <Title order={1} ta="center">
            {heading}
          </Title>
          {children}
        </Stack>
      </Paper>
    </Container>
  );
}
