import { Anchor, Container, Stack, Text, Title } from '@mantine/core';
import { Link, Navigate, useLocation } from '@tanstack/react-router';
import { useSession } from '@/app/services';

/** Unknown routes: a 404 for signed-in users; visitors go to the site root. */
export function NotFoundPage() {
  const session = useSession();
  const location = useLocation();
  if (session.status === 'none') {
    return <Navigate to="/" replace />;
  }
  return (
    <Container size={600} py="xl">
      <Stack gap="sm">
        <Title order={1}>404</Title>
        <Text>No route matches URL &quot;{location.pathname}&quot;</Text>
        <Anchor component={Link} to="/">
          Go to the start page
        </Anchor>
      </Stack>
    </Container>
  );
}
