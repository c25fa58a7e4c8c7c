import { Alert, Anchor } from '@mantine/core';
import { Link } from '@tanstack/react-router';

/** What a URL naming no FHIR resource type shows, instead of a failed search. */
export function UnknownResourceType({ resourceType }: { resourceType: string }) {
  return (
    <Alert color="red" title="Unknown resource type">
      ‘{resourceType}’ is not a FHIR resource type.{' '}
      <Anchor renderRoot={(props) => <Link {...props} to="/Task" />}>Go to the tasks</Anchor>
    </Alert>
  );
}
