import { MantineProvider } from '@mantine/core';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ReferenceLink, ResourceLink } from './ReferenceLink';

/** A router whose list page draws a row that opens something on a click, with links in it. */
function renderList(onRow: () => void) {
  const root = createRootRoute({ component: Outlet });
  const list = createRoute({
    getParentRoute: () => root,
    path: '/',
    component: () => (
      <table>
        <tbody>
          <tr onClick={onRow}>
            <td>
              <ResourceLink resourceType="Task" id="task-1" tab="details">
                Review report
              </ResourceLink>
            </td>
            <td>
              <ReferenceLink reference={{ reference: 'Patient/patient-1' }}>Ana Morales</ReferenceLink>
            </td>
            <td>
              <ReferenceLink reference={{ reference: 'urn:uuid:elsewhere' }}>Someone elsewhere</ReferenceLink>
            </td>
          </tr>
        </tbody>
      </table>
    ),
  });
  const page = createRoute({
    getParentRoute: () => root,
    path: '/$resourceType/$id/$tab',
    component: () => <p>Resource page</p>,
  });
  const patient = createRoute({
    getParentRoute: () => root,
    path: '/$resourceType/$id',
    component: () => <p>Patient page</p>,
  });
  const router = createRouter({
    routeTree: root.addChildren([list, page, patient]),
    history: createMemoryHistory({ initialEntries: ['/'] }),
  });
  render(
    <MantineProvider>
      <RouterProvider router={router} />
    </MantineProvider>
  );
  return router;
}

describe('ResourceLink', () => {
  it('links to the resource page or tab, and a plain click opens it in the app without reaching the row', async () => {
    const onRow = vi.fn();
    const router = renderList(onRow);
    const link = await screen.findByRole('link', { name: 'Review report' });
    expect(link.getAttribute('href')).toBe('/Task/task-1/details');
    expect(screen.getByRole('link', { name: 'Ana Morales' }).getAttribute('href')).toBe('/Patient/patient-1');
    await act(async () => {
      fireEvent.click(link);
    });
    expect(await screen.findByText('Resource page')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/Task/task-1/details');
    expect(onRow).not.toHaveBeenCalled();
  });

  it('leaves a click meant for a new tab or window to the browser', async () => {
    const onRow = vi.fn();
    const router = renderList(onRow);
    const link = await screen.findByRole('link', { name: 'Ana Morales' });
    for (const modifier of [{ ctrlKey: true }, { metaKey: true }, { shiftKey: true }]) {
      // Not prevented: the browser opens the address in a new tab or window itself.
      expect(fireEvent.click(link, modifier)).toBe(true);
    }
    expect(router.state.location.pathname).toBe('/');
    await act(async () => {
      expect(fireEvent.click(link)).toBe(false);
    });
    expect(router.state.location.pathname).toBe('/Patient/patient-1');
    expect(onRow).not.toHaveBeenCalled();
  });

  it('shows a reference to no resource of this server as text, not a link', async () => {
    renderList(() => undefined);
    const text = await screen.findByText('Someone elsewhere');
    expect(text.closest('a')).toBeNull();
  });
});
