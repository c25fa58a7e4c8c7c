import { Center, Loader } from '@mantine/core';

/** Shown while the client initialises. */
export function FullScreenLoader() {
  return (
    <Center h="100vh" w="100vw" aria-busy="true" aria-label="Loading">
      <Loader size="lg" />
    </Center>
  );
}
