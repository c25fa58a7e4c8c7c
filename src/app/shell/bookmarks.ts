import type { UserConfiguration } from '@medplum/fhirtypes';
import type { ApiClient } from '@/sync';
import { linkFromTarget, type MenuGroup } from '@/ui';

/** The menu a bookmark goes to when the configuration has none yet. */
export const DEFAULT_BOOKMARK_MENU = 'Favorites';

/** The user's configured menus as navigation groups, links in their saved order. */
export function configMenuGroups(config: UserConfiguration | undefined): MenuGroup[] {
  return (config?.menu ?? []).flatMap((menu) =>
    menu.title
      ? [
          {
            title: menu.title,
            links: (menu.link ?? []).flatMap((link) =>
              link.name && link.target ? [linkFromTarget(link.name, link.target)] : []
            ),
          },
        ]
      : []
  );
}

/** The menus a bookmark may be added to. */
export function bookmarkMenuTitles(config: UserConfiguration | undefined): string[] {
  const titles = (config?.menu ?? []).flatMap((menu) => (menu.title ? [menu.title] : []));
  return titles.length > 0 ? titles : [DEFAULT_BOOKMARK_MENU];
}

/** The configuration with a link named `name` to `target` at the end of menu `menuTitle` (made if missing). */
export function withBookmark(
  config: UserConfiguration | undefined,
  menuTitle: string,
  name: string,
  target: string
): UserConfiguration {
  const menus = structuredClone(config?.menu ?? []);
  const menu = menus.find((candidate) => candidate.title === menuTitle);
  if (menu) menu.link = [...(menu.link ?? []), { name, target }];
  else menus.push({ title: menuTitle, link: [{ name, target }] });
  return { ...(config ?? { resourceType: 'UserConfiguration' }), menu: menus };
}

/**
 * Saves the user's configuration on the server (PUT by its id; POST when it has none yet) and keeps
 * the saved version in the session, so the navigation shows it at once and after a reload.
 * Raises the server's error words.
 */
export async function saveUserConfiguration(
  client: ApiClient,
  config: UserConfiguration
): Promise<UserConfiguration> {
  const saved = config.id
    ? await client.request<UserConfiguration>('PUT', client.fhirUrl('UserConfiguration', config.id), {
        body: config,
      })
    : await client.request<UserConfiguration>('POST', client.fhirUrl('UserConfiguration'), { body: config });
  const state = client.session.getState();
  if (state.status === 'ready') await client.session.saveDetails({ ...state.details, config: saved });
  return saved;
}
