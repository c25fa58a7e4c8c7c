import { Button, Stack, Tabs } from '@mantine/core';
import { Link, Navigate, useNavigate } from '@tanstack/react-router';
import { pageTitle, useConfirmedId } from '@/ui';
import { ResourceStateNotice, ResourceSyncIssues } from '../common/ResourceStateNotice';
import { useConsoleResource, type ConsoleResourceState } from '../common/use-console-resource';
import { FillQuestionnaireAction } from '../questionnaire';
import { isResourceType } from '../resource-types';
import { UnknownResourceType } from '../UnknownResourceType';
import { foundLabel, ResourceHeader } from './ResourceHeader';
import { findResourceTab, firstResourceTab, resourceTabs, tabLabel, tabPage } from './resource-tabs';

interface ResourcePageProps {
  resourceType: string;
  id: string;
  tab: string;
}

const TOUCH = { minHeight: 44 };

/** /{resourceType}/{id}/{tab}: one resource of any type, its tab in the URL. */
export function ResourcePage({ resourceType, id, tab }: ResourcePageProps) {
  if (!isResourceType(resourceType)) return <UnknownResourceType resourceType={resourceType} />;
  const tabs = resourceTabs(resourceType).map((entry) => entry.name);
  if (!tabs.includes(tab)) {
    return (
      <Navigate
        to="/$resourceType/$id/$tab"
        params={{ resourceType, id, tab: firstResourceTab(resourceType) }}
        replace
      />
    );
  }
  return <KnownResource resourceType={resourceType} id={id} tab={tab} tabs={tabs} />;
}

function KnownResource({ resourceType, id, tab, tabs }: ResourcePageProps & { tabs: string[] }) {
  const navigate = useNavigate();
  const found = useConsoleResource(resourceType, id);
  // A resource created here moves to the server's id once the server confirms it.
  const confirmedId = useConfirmedId(resourceType, id, found.status === 'not-found');
  if (confirmedId) {
    return <Navigate to="/$resourceType/$id/$tab" params={{ resourceType, id: confirmedId, tab }} replace />;
  }
  // The page is named as people call the resource (a patient's name), its id only when it has none.
  const label = foundLabel(found);
  const actions = found.status === 'ready' && (
    <>
      <FillQuestionnaireAction resource={found.resource} />
      <Button
        variant="default"
        style={TOUCH}
        renderRoot={(props) => <Link {...props} to="/$resourceType/$id/edit" params={{ resourceType, id }} />}
      >
        Edit
      </Button>
      <Button
        color="red"
        variant="outline"
        style={TOUCH}
        renderRoot={(props) => (
          <Link {...props} to="/$resourceType/$id/delete" params={{ resourceType, id }} />
        )}
      >
        Delete
      </Button>
    </>
  );
  return (
    <Stack gap="sm">
      <ResourceHeader
        resourceType={resourceType}
        title={label || `${resourceType}/${id}`}
        documentTitle={pageTitle(label, resourceType)}
        found={found}
        actions={actions}
      />
      <ResourceSyncIssues found={found} />
      <Tabs
        value={tab}
        onChange={(next) =>
          next && void navigate({ to: '/$resourceType/$id/$tab', params: { resourceType, id, tab: next } })
        }
      >
        <Tabs.List>
          {tabs.map((name) => (
            <Tabs.Tab key={name} value={name} mih={44}>
              {tabLabel(name)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      <ResourceBody found={found} tab={tab} resourceType={resourceType} id={id} />
    </Stack>
  );
}

function ResourceBody({
  found,
  tab,
  resourceType,
  id,
}: {
  found: ConsoleResourceState;
  tab: string;
  resourceType: string;
  id: string;
}) {
  const entry = findResourceTab(resourceType, tab);
  if (entry && 'addressPage' in entry) return entry.addressPage({ resourceType, id });
  if (found.status !== 'ready')
    return <ResourceStateNotice found={found} resourceType={resourceType} id={id} />;
  return tabPage(found.resource, tab);
}
