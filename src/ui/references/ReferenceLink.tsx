import { Anchor, Text } from '@mantine/core';
import type { Reference } from '@medplum/fhirtypes';
import { useRouter } from '@tanstack/react-router';
import type { MouseEvent } from 'react';
import classes from './small-text.module.css';

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

/** Mantine's small-text markup (an Anchor or Text of size "sm"), set on a plain element. */
export const SMALL_TEXT = {
  className: `mantine-focus-auto ${Text.classes.root ?? ''} mantine-Text-root ${classes.small}`,
  'data-size': 'sm',
} as const;

const SMALL_LINK = {
  ...SMALL_TEXT,
  className: `${SMALL_TEXT.className} ${Anchor.classes.root ?? ''} mantine-Anchor-root`,
  'data-underline': 'hover',
} as const;

/** The app's address of a resource's page, or of one of its tabs. */
function resourceHref(resourceType: string, id: string, tab?: string): string {
  const path = `/${encodeURIComponent(resourceType)}/${encodeURIComponent(id)}`;
  return tab ? `${path}/${encodeURIComponent(tab)}` : path;
}

/** Whether a click on a link is the plain one the app follows itself (not a new tab or window). */
function isPlainClick(event: MouseEvent<HTMLAnchorElement>): boolean {
  return (
    !event.defaultPrevented &&
    event.button === 0 &&
    !event.metaKey &&
    !event.ctrlKey &&
    !event.shiftKey &&
    !event.altKey
  );
}

/**
 * A link to a resource's page (/{Type}/{id}, or a tab of it). In a table whose rows open something
 * when clicked, the click on the link does not also reach the row. It is a plain anchor in Mantine's
 * markup that the router follows: lists draw tens of them at once, and a router link per cell costs
 * a location build and a subscription to the router's state each.
 */
export function ResourceLink({ resourceType, id, tab, children }: ResourceLinkProps) {
  const router = useRouter();
  const href = resourceHref(resourceType, id, tab);
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    event.stopPropagation();
    if (!isPlainClick(event)) return;
    event.preventDefault();
    void router.navigate({ href });
  };
  return (
    <a {...SMALL_LINK} href={router.history.createHref(href)} onClick={follow}>
      {children}
    </a>
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
  if (!target) return <span {...SMALL_TEXT}>{children}</span>;
  return <ResourceLink {...target}>{children}</ResourceLink>;
}
