import { Alert, Text } from '@mantine/core';
import type { ErrorComponentProps } from '@tanstack/react-router';

/**
 * What a page shows when it throws while rendering or loading: a red alert inside the shell, so the
 * header and the side navigation stay usable. The router clears it when the location changes.
 */
export function PageError({ error }: ErrorComponentProps) {
  return (
    <Alert color="red" title="Something went wrong" role="alert" m="md">
      <Text size="sm">{error instanceof Error ? error.message : String(error)}</Text>
    </Alert>
  );
}
