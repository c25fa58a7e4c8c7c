import { Alert, Container } from '@mantine/core';

/** The app could not start: usually a bad /config.json. */
export function StartupError({ error }: { error: unknown }) {
  return (
    <Container size={500} py="xl">
      <Alert color="red" title="CareQueue could not start" role="alert">
        {error instanceof Error ? error.message : String(error)}
      </Alert>
    </Container>
  );
}
