import { createFakeServer } from '@mocks/server';
import { describe, expect, it } from 'vitest';
import { signInToFake } from '@/ui/testing/sign-in-client';
import { bookmarkMenuTitles, configMenuGroups, saveUserConfiguration, withBookmark } from './bookmarks';

const BASE_URL = 'http://localhost/';

function configOf(client: Awaited<ReturnType<typeof signInToFake>>['client']) {
  const state = client.session.getState();
  return state.status === 'ready' ? state.details.config : undefined;
}

describe('bookmarks in the user configuration', () => {
  it('adds a link at the end of the chosen menu, or a new menu', () => {
    const config = withBookmark(
      {
        resourceType: 'UserConfiguration',
        menu: [{ title: 'Favorites', link: [{ name: 'A', target: '/A' }] }],
      },
      'Favorites',
      'Smiths',
      '/Patient?name=smith'
    );
    expect(configMenuGroups(config)[0]?.links.map((link) => link.label)).toEqual(['A', 'Smiths']);
    const fresh = withBookmark(undefined, 'Mine', 'Texans', '/Patient?address-state=TX');
    expect(configMenuGroups(fresh)).toEqual([
      {
        title: 'Mine',
        links: [{ label: 'Texans', pathname: '/Patient', search: [['address-state', 'TX']] }],
      },
    ]);
    expect(bookmarkMenuTitles(undefined)).toEqual(['Favorites']);
  });

  it('is saved on the server and read back by the same user on another device', async () => {
    const fake = createFakeServer();
    const tablet = await signInToFake(fake, BASE_URL, 'nurse@example.com');
    const before = configOf(tablet.client);
    expect(bookmarkMenuTitles(before)).toEqual(['Favorites']);

    const saved = await saveUserConfiguration(
      tablet.client,
      withBookmark(before, 'Favorites', 'Texas patients', '/Patient?address-state=TX')
    );
    expect(saved.meta?.versionId).toBeDefined();
    // The session holds the saved version at once.
    expect(configMenuGroups(configOf(tablet.client))[0]?.links.at(-1)?.label).toBe('Texas patients');

    const laptop = await signInToFake(fake, BASE_URL, 'nurse@example.com');
    const links = configMenuGroups(configOf(laptop.client))[0]?.links ?? [];
    expect(links.at(-1)).toEqual({
      label: 'Texas patients',
      pathname: '/Patient',
      search: [['address-state', 'TX']],
    });
    // Another user's configuration is their own.
    const doctor = await signInToFake(fake, BASE_URL, 'doctor@example.com');
    expect(configMenuGroups(configOf(doctor.client))[0]?.links.map((link) => link.label)).not.toContain(
      'Texas patients'
    );
  });

  it("raises the server's words when the save is refused", async () => {
    const fake = createFakeServer();
    const { client } = await signInToFake(fake, BASE_URL, 'nurse@example.com');
    const config = configOf(client);
    await expect(
      saveUserConfiguration(client, { ...withBookmark(config, 'Favorites', 'x', '/x'), id: 'bad id!' })
    ).rejects.toThrow(/Invalid resource id/);
  });
});
