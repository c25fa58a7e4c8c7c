import { Alert, Container, Stack, Text, Title } from '@mantine/core';
import type { ErrorComponentProps } from '@tanstack/react-router';

/** Anything a route threw that nothing else handled. */
export function ErrorPage({ error }: ErrorComponentProps) {
  return (
    <Container size={600} py="xl">
      <Stack gap="sm">
        <Title order={1}>Unexpected Application Error!</Title>
        <Alert color="red" role="alert">
          <Text size="sm">{error instanceof Error ? error.message : String(error)}</Text>
        </Alert>
      </Stack>
    </Container>
  );
}
