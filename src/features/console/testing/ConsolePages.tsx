import { useRouterState } from '@tanstack/react-router';
import { ResourceListPage } from '../list/ResourceListPage';
import { ResourcePage } from '../resource/ResourcePage';
import { ResourceVersionPage } from '../resource/ResourceVersionPage';

/**
 * The console's pages by path, as the app routes them: /{type} lists, /{type}/{id}/{tab} opens a
 * resource on a tab, /{type}/{id}/_history/{version} shows one version.
 */
export function ConsolePages() {
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const [resourceType = '', id = '', tab = '', versionId = ''] = pathname.slice(1).split('/');
  if (!id) return <ResourceListPage resourceType={resourceType} />;
  if (tab === '_history') {
    return <ResourceVersionPage resourceType={resourceType} id={id} versionId={versionId} />;
  }
  return <ResourcePage resourceType={resourceType} id={id} tab={tab} />;
}
