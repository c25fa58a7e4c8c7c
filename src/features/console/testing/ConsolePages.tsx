import { useRouterState } from '@tanstack/react-router';
import { ResourceListPage } from '../list/ResourceListPage';
import { ResourceDeletePage } from '../resource/ResourceDeletePage';
import { ResourceDiffPage } from '../resource/ResourceDiffPage';
import { ResourceEditPage } from '../resource/ResourceEditPage';
import { ResourceNewPage } from '../resource/ResourceNewPage';
import { ResourcePage } from '../resource/ResourcePage';
import { ResourceVersionPage } from '../resource/ResourceVersionPage';

/**
 * The console's pages by path, as the app routes them: /{type} lists, /{type}/new creates,
 * /{type}/{id}/{tab} opens a resource on a tab, /{type}/{id}/edit and /delete change it,
 * /{type}/{id}/_history/{version} shows one version and /{type}/{id}/_history/{version}/diff what it changed.
 */
export function ConsolePages() {
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const [resourceType = '', id = '', tab = '', versionId = '', diff = ''] = pathname.slice(1).split('/');
  if (!id) return <ResourceListPage resourceType={resourceType} />;
  if (id === 'new' && !tab) return <ResourceNewPage resourceType={resourceType} />;
  if (tab === 'edit') return <ResourceEditPage resourceType={resourceType} id={id} />;
  if (tab === 'delete') return <ResourceDeletePage resourceType={resourceType} id={id} />;
  if (tab === '_history' && diff === 'diff') {
    return <ResourceDiffPage resourceType={resourceType} id={id} versionId={versionId} />;
  }
  if (tab === '_history') {
    return <ResourceVersionPage resourceType={resourceType} id={id} versionId={versionId} />;
  }
  return <ResourcePage resourceType={resourceType} id={id} tab={tab} />;
}
