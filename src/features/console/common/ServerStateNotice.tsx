import { Alert, Center, Loader } from '@mantine/core';
import type { ServerState } from '@/ui';

/** What a tab shows while its server read is not ready: a loader, the offline note or the error. */
export function ServerStateNotice({ state, what }: { state: ServerState<unknown>; what: string }) {
  switch (state.status) {
    case 'idle':
    case 'loading':
      return (
        <Center py="md">
          <Loader size="sm" aria-label={`Loading ${what}`} />
        </Center>
      );
    case 'offline':
      return (
        <Alert color="orange" title="Not available offline">
          The {what} comes from the server, which cannot be reached. Try again when you are back online.
        </Alert>
      );
    case 'error':
      return (
        <Alert color="red" title={`Could not load the ${what}`}>
          {state.message}
        </Alert>
      );
    case 'ready':
      return null;
  }
}
