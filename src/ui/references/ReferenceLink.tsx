import { Anchor, Text } from '@mantine/core';
import type { Reference } from '@medplum/fhirtypes';
import { Link } from '@tanstack/react-router';

/** The app's address of a referenced resource, '/Patient/123'; undefined for other references. */
export function referencePath(
  reference: Reference | undefined
): { resourceType: string; id: string } | undefined {
  const match = /^([A-Z][A-Za-z]+)\/([A-Za-z0-9\-.]{1,64})$/.exec(reference?.reference ?? '');
  return match ? { resourceType: match[1] as string, id: match[2] as string } : undefined;
}

interface ResourceLinkProps {
  resourceType: string;
  id: string;
  /** A tab of the resource's page to open on (/{Type}/{id}/{tab}): the address its page shows, reached in one navigation. */
  tab?: string;
  children: string;
}

/**
 * A link to a resource's page (/{Type}/{id}, or a tab of it). In a table whose rows open something
 * when clicked, the click on the link does not also reach the row.
 */
export function ResourceLink({ resourceType, id, tab, children }: ResourceLinkProps) {
  const stop = (event: { stopPropagation(): void }) => event.stopPropagation();
  return (
    <Anchor
      size="sm"
      renderRoot={(props) =>
        tab ? (
          <Link {...props} to="/$resourceType/$id/$tab" params={{ resourceType, id, tab }} onClick={stop} />
        ) : (
          <Link {...props} to="/$resourceType/$id" params={{ resourceType, id }} onClick={stop} />
        )
      }
    >
      {children}
    </Anchor>
  );
}

interface ReferenceLinkProps {
  reference: Reference | undefined;
  /** What the link reads: the referenced resource's name. */
  children: string;
}

/** A reference as a link to its resource; plain text when it names no resource of this server. */
export function ReferenceLink({ reference, children }: ReferenceLinkProps) {
  const target = referencePath(reference);
  if (!target)
    return (
      <Text size="sm" span>
        {children}
      </Text>
    );
  return <ResourceLink {...target}>{children}</ResourceLink>;
}
