import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Center,
  CloseButton,
  Group,
  Loader,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import type { Resource } from '@medplum/fhirtypes';
import { useNavigate, useRouterState } from '@tanstack/react-router';
import { useMemo, useState, type ReactNode } from 'react';
import { systemClock } from '@/fhir/clock';
import { ListPager, queryString, useSearchParameters, type SearchParameterInfo } from '@/ui';
import { fieldLabel } from '../format';
import { isResourceType } from '../resource-types';
import { UnknownResourceType } from '../UnknownResourceType';
import { DEFAULT_SORT, defaultFields, resourceColumns } from './columns';
import { ExportDialog } from './ExportDialog';
import { FieldsDialog } from './FieldsDialog';
import { FiltersDialog } from './FiltersDialog';
import { FilterPrompt } from './FilterPrompt';
import { operatorLabel } from './operators';
import { ResourceTable, type ColumnActions } from './ResourceTable';
import {
  formatListSearch,
  parseListSearch,
  quickDateFilters,
  withFilters,
  withSort,
  type ListSearch,
} from './search-request';
import { BulkDialog, DeleteDialog } from './SelectionDialogs';
import { useResourceList } from './use-resource-list';

/** /{resourceType}: a list of any resource type, its whole search (filters, sort, page, fields) in the URL. */
export function ResourceListPage({ resourceType }: { resourceType: string }) {
  if (!isResourceType(resourceType)) return <UnknownResourceType resourceType={resourceType} />;
  return <KnownResourceList resourceType={resourceType} />;
}

type Dialog = 'fields' | 'filters' | 'export' | 'delete' | 'bulk' | undefined;

const NO_PARAMETERS: SearchParameterInfo[] = [];

const WIDE_TOOLS: { label: string; dialog: Dialog; needsSelection: boolean }[] = [
  { label: 'Export...', dialog: 'export', needsSelection: false },
  { label: 'Delete...', dialog: 'delete', needsSelection: true },
  { label: 'Bulk...', dialog: 'bulk', needsSelection: true },
];

function KnownResourceList({ resourceType }: { resourceType: string }) {
  const searchStr = useRouterState({ select: (state) => state.location.searchStr });
  const navigate = useNavigate();
  const schema = useSearchParameters(resourceType);
  const parameters = schema.status === 'ready' ? schema.parameters : NO_PARAMETERS;
  const search = useMemo(() => {
    const types = new Map(parameters.map((parameter) => [parameter.code, parameter.type]));
    return parseListSearch(new URLSearchParams(searchStr), (code) => types.get(code));
  }, [searchStr, parameters]);

  // The server's search: the URL's without the columns, with the default sort and the page.
  const serverQuery = useMemo(() => {
    const params = formatListSearch({ ...search, fields: undefined });
    if (!params.has('_sort')) params.set('_sort', DEFAULT_SORT);
    params.set('_count', String(search.count));
    params.set('_offset', String(search.offset));
    return params;
  }, [search]);
  const [refresh, setRefresh] = useState(0);
  const [deletedHere, setDeletedHere] = useState<ReadonlySet<string>>(new Set());
  const found = useResourceList(resourceType, serverQuery.toString(), refresh, deletedHere);

  const fields = search.fields ?? defaultFields(resourceType);
  const columns = useMemo(
    () => resourceColumns(fields, resourceType, parameters),
    [fields, resourceType, parameters]
  );
  const [dialog, setDialog] = useState<Dialog>();
  const [prompt, setPrompt] = useState<SearchParameterInfo | undefined>();
  const [selectedIds, setSelectedIds] = useState<Set<string>>(new Set());
  const resources = found.status === 'ready' ? found.resources : [];
  const selected = resources.filter((resource) => selectedIds.has(resource.id ?? ''));

  const open = (next: ListSearch) => {
    const query = queryString(formatListSearch(next));
    void navigate({ href: query ? `/${resourceType}?${query}` : `/${resourceType}` });
  };
  const actions: ColumnActions = {
    sort: (column, descending) => open(withSort(search, column.field, descending)),
    filter: (column) => setPrompt(column.parameter),
    quickFilter: (column, quick) =>
      open(
        withFilters(search, [
          ...search.filters.filter((filter) => filter.code !== column.field),
          ...quickDateFilters(column.field, quick, systemClock.now()),
        ])
      ),
    remove: (column) => open({ ...search, fields: fields.filter((name) => name !== column.field) }),
  };
  const fieldChoices = useMemo(
    () => [
      ...new Set([
        'id',
        '_lastUpdated',
        ...parameters.map((p) => p.code),
        ...(schema.status === 'ready' ? schema.elements : []),
      ]),
    ],
    [parameters, schema]
  );

  return (
    <Stack gap="sm">
      <Group justify="space-between" wrap="nowrap">
        <Title order={1}>{resourceType}</Title>
        {found.status === 'ready' && (
          <Badge variant="light" color={found.source === 'replica' ? 'teal' : 'blue'}>
            {found.source === 'replica' ? 'From this device' : 'From the server'}
          </Badge>
        )}
      </Group>
      <Group gap="xs" wrap="wrap" role="toolbar" aria-label="Search tools">
        <Button variant="default" mih={44} onClick={() => setDialog('fields')}>
          Fields
        </Button>
        <Button variant="default" mih={44} onClick={() => setDialog('filters')}>
          Filters
        </Button>
        <Button variant="default" mih={44} onClick={() => void navigate({ href: `/${resourceType}/new` })}>
          New...
        </Button>
        {/* Tools for a wide screen: hidden under 768 px. */}
        {WIDE_TOOLS.map((tool) => (
          <Button
            key={tool.dialog}
            variant="default"
            mih={44}
            visibleFrom="sm"
            disabled={tool.needsSelection && selected.length === 0}
            onClick={() => setDialog(tool.dialog)}
          >
            {tool.label}
          </Button>
        ))}
        <ActionIcon
          variant="default"
          size={44}
          aria-label="Refresh"
          title="Read the list again from the server"
          onClick={() => setRefresh((n) => n + 1)}
        >
          ⟳
        </ActionIcon>
      </Group>
      {search.filters.length > 0 && (
        <Group gap="xs" aria-label="Filters in use" role="list">
          {search.filters.map((filter, index) => (
            <Badge
              key={`${filter.code}-${index}`}
              role="listitem"
              variant="light"
              size="lg"
              tt="none"
              // The pill is as tall as its remove button, a 44 × 44 px target.
              h={44}
              pr={0}
              rightSection={
                <CloseButton
                  size={44}
                  iconSize={16}
                  radius="xl"
                  aria-label={`Remove filter ${fieldLabel(filter.code)} ${operatorLabel(filter.operator)} ${filter.value}`}
                  onClick={() =>
                    open(
                      withFilters(
                        search,
                        search.filters.filter((_, i) => i !== index)
                      )
                    )
                  }
                />
              }
            >
              {fieldLabel(filter.code)} {operatorLabel(filter.operator)} {filter.value}
            </Badge>
          ))}
        </Group>
      )}
      {found.status === 'ready' && found.incomplete && (
        <Alert color="orange" p="xs">
          Offline: these results come from this device and may be incomplete.
        </Alert>
      )}
      <ListBody resourceType={resourceType} found={found}>
        {(resources, total) => (
          <>
            <ResourceTable
              resourceType={resourceType}
              resources={resources}
              columns={columns}
              selection={[selectedIds, (ids) => setSelectedIds(ids)]}
              actions={actions}
            />
            <ListPager
              offset={search.offset}
              count={search.count}
              shown={resources.length}
              total={total}
              onOffset={(offset) => open({ ...search, offset })}
            />
          </>
        )}
      </ListBody>
      {dialog === 'fields' && (
        <FieldsDialog
          opened
          fields={fields}
          choices={fieldChoices}
          onClose={() => setDialog(undefined)}
          onOk={(next) => {
            setDialog(undefined);
            open({ ...search, fields: next });
          }}
        />
      )}
      {dialog === 'filters' && (
        <FiltersDialog
          opened
          filters={search.filters}
          parameters={parameters}
          onClose={() => setDialog(undefined)}
          onOk={(next) => {
            setDialog(undefined);
            open(withFilters(search, next));
          }}
        />
      )}
      {prompt && (
        <FilterPrompt
          parameter={prompt}
          onClose={() => setPrompt(undefined)}
          onOk={(filter) => {
            setPrompt(undefined);
            open(withFilters(search, [...search.filters, filter]));
          }}
        />
      )}
      {dialog === 'export' && (
        <ExportDialog
          opened
          resourceType={resourceType}
          query={serverQuery}
          columns={columns}
          onClose={() => setDialog(undefined)}
        />
      )}
      {dialog === 'delete' && (
        <DeleteDialog
          opened
          selected={selected}
          onClose={() => setDialog(undefined)}
          onDone={() => {
            setDialog(undefined);
            setDeletedHere(new Set([...deletedHere, ...selectedIds]));
            setSelectedIds(new Set());
          }}
        />
      )}
      {dialog === 'bulk' && (
        <BulkDialog
          opened
          selected={selected}
          onClose={() => setDialog(undefined)}
          onDone={() => setSelectedIds(new Set())}
        />
      )}
    </Stack>
  );
}

interface ListBodyProps {
  resourceType: string;
  found: ReturnType<typeof useResourceList>;
  /** The rows and pager of a page that has some. */
  children: (resources: Resource[], total: number) => ReactNode;
}

/** The list's state: loading, offline, the search's error, 'No results', or its rows. */
function ListBody({ resourceType, found, children }: ListBodyProps) {
  switch (found.status) {
    case 'loading':
      return (
        <Center py="xl">
          <Loader aria-label={`Loading ${resourceType}`} />
        </Center>
      );
    case 'offline':
      return (
        <Alert color="orange" title="Not available offline">
          This device does not keep {resourceType} resources, and the server cannot be reached. Try again when
          you are back online.
        </Alert>
      );
    case 'error':
      return (
        <Alert color="red" title="Search failed">
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {found.message}
          </Text>
        </Alert>
      );
    case 'ready':
      break;
  }
  if (found.total === 0 || found.resources.length === 0) {
    return (
      <Text c="dimmed" py="md">
        No results
      </Text>
    );
  }
  return <>{children(found.resources, found.total)}</>;
}
