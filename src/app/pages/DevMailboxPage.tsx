import { Alert, Anchor, Button, Card, Container, Group, Stack, Text, Title } from '@mantine/core';
import { Fragment, useEffect, useState } from 'react';
import { ApiError } from '@/sync';
import { useServices } from '@/app/services';

/** One e-mail the fake server captured (GET /$fake/emails). */
interface CapturedEmail {
  id: string;
  from: string;
  to: string[];
  cc?: string[];
  subject: string;
  text?: string;
  html?: string;
  sentAt: string;
}

type MailboxState =
  | { status: 'loading' }
  | { status: 'ready'; emails: CapturedEmail[] }
  | { status: 'error'; message: string };

const URL_PATTERN = /(https?:\/\/[^\s<>"]+)/g;

/** The body as text with its web addresses as links; HTML is shown as its source, never rendered. */
function Body({ text }: { text: string }) {
  return (
    <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
      {text.split(URL_PATTERN).map((part, index) =>
        index % 2 === 1 ? (
          <Anchor key={index} href={part}>
            {part}
          </Anchor>
        ) : (
          <Fragment key={index}>{part}</Fragment>
        )
      )}
    </Text>
  );
}

/**
 * Dev mode only: the fake server's developer mailbox, newest first — invitations, password resets
 * and whatever the app sent through email/v1/send. Only a project admin may read it.
 */
export function DevMailboxPage() {
  const { client } = useServices();
  // Each refresh is a new version; what is shown belongs to the version it was read for.
  const [version, setVersion] = useState(0);
  const [read, setRead] = useState<{ version: number; state: MailboxState }>({
    version: -1,
    state: { status: 'loading' },
  });
  const state: MailboxState = read.version === version ? read.state : { status: 'loading' };
  const load = () => setVersion((current) => current + 1);

  useEffect(() => {
    let current = true;
    client.get<CapturedEmail[]>('$fake/emails').then(
      (emails) => current && setRead({ version, state: { status: 'ready', emails } }),
      (error: unknown) =>
        current &&
        setRead({
          version,
          state: {
            status: 'error',
            message:
              error instanceof ApiError && error.status === 403
                ? 'Only a project admin can read the developer mailbox.'
                : error instanceof Error
                  ? error.message
                  : String(error),
          },
        })
    );
    return () => {
      current = false;
    };
  }, [client, version]);

  return (
    <Container size="md" py="md">
      <Stack gap="md">
        <Group justify="space-between">
          <Title order={1}>Developer mailbox</Title>
          <Button variant="default" onClick={load} style={{ minHeight: 44 }}>
            Refresh
          </Button>
        </Group>
        <Text size="sm" c="dimmed">
          E-mails the fake server sent, newest first. They never leave this machine.
        </Text>
        {state.status === 'loading' && <Text>Loading...</Text>}
        {state.status === 'error' && (
          <Alert color="red" variant="light" role="alert">
            {state.message}
          </Alert>
        )}
        {state.status === 'ready' && state.emails.length === 0 && <Text>No e-mails yet</Text>}
        {state.status === 'ready' &&
          state.emails.map((email) => (
            <Card key={email.id} withBorder padding="md" component="article" aria-label={email.subject}>
              <Stack gap={4}>
                <Text fw={600}>{email.subject}</Text>
                <Text size="xs" c="dimmed">
                  To {email.to.join(', ')}
                  {email.cc?.length ? `, cc ${email.cc.join(', ')}` : ''} · from {email.from} ·{' '}
                  {new Date(email.sentAt).toLocaleString()}
                </Text>
                <Body text={email.text ?? email.html ?? ''} />
              </Stack>
            </Card>
          ))}
      </Stack>
    </Container>
  );
}
