import { Anchor } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import type { MouseEvent, ReactNode } from 'react';

/**
 * The first cell of a list row: a real link (keyboard, touch, open in a new tab) to what the row
 * names. Its click opens the page in the app and does not reach the row's own click handler.
 */
export function RowLink({ href, children }: { href: string; children: ReactNode }) {
  const navigate = useNavigate();
  const open = (event: MouseEvent<HTMLAnchorElement>) => {
    event.stopPropagation();
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    void navigate({ href });
  };
  return (
    <Anchor size="sm" href={href} onClick={open}>
      {children}
    </Anchor>
  );
}
