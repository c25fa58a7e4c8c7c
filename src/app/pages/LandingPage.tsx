import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';

/** What visitors see at /. */
export function LandingPage() {
  return (
    <Container size={600} py={80}>
      <Stack gap="lg" align="flex-start">
        <Title order={1}>Welcome to the CareQueue task demo</Title>
        <Text size="lg">
          CareQueue helps healthcare staff work their queues of tasks: reviewing reports, answering patient
          messages, scheduling appointments. It keeps working offline and syncs when the connection returns.
        </Text>
        <Button component={Link} to="/signin" size="md" style={{ minHeight: 44 }}>
          Sign in
        </Button>
      </Stack>
    </Container>
  );
}
