import { Checkbox, Menu, Table, Text, UnstyledButton } from '@mantine/core';
import type { Resource } from '@medplum/fhirtypes';
import { useNavigate } from '@tanstack/react-router';
import { ReferenceLink, ResourceLink, useReferenceNames } from '@/ui';
import { inputClasses } from '@/ui/inputs';
import type { ResourceColumn } from './columns';
import { QUICK_DATE_FILTERS, type QuickDateFilter } from './search-request';

/** What a column's menu can ask of the list. */
export interface ColumnActions {
  sort: (column: ResourceColumn, descending: boolean) => void;
  filter: (column: ResourceColumn) => void;
  quickFilter: (column: ResourceColumn, quick: QuickDateFilter) => void;
  remove: (column: ResourceColumn) => void;
}

/** A column heading's menu: sort, filter (and a date's quick filters) when it is a search parameter; remove. */
export function ColumnMenu({ column, actions }: { column: ResourceColumn; actions: ColumnActions }) {
  const searchable = column.parameter !== undefined;
  return (
    <Menu position="bottom-start" withinPortal>
      <Menu.Target>
        <UnstyledButton fw={700} fz="sm" mih={44} aria-label={`${column.heading} column menu`}>
          {column.heading} ▾
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        {searchable && (
          <>
            <Menu.Item onClick={() => actions.sort(column, false)}>Sort ascending</Menu.Item>
            <Menu.Item onClick={() => actions.sort(column, true)}>Sort descending</Menu.Item>
            <Menu.Divider />
            <Menu.Item onClick={() => actions.filter(column)}>Filter on this column...</Menu.Item>
            {column.parameter?.type === 'date' &&
              QUICK_DATE_FILTERS.map((quick) => (
                <Menu.Item key={quick} onClick={() => actions.quickFilter(column, quick)}>
                  {quick.charAt(0).toUpperCase() + quick.slice(1)}
                </Menu.Item>
              ))}
            <Menu.Divider />
          </>
        )}
        <Menu.Item color="red" onClick={() => actions.remove(column)}>
          Remove column
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

interface ResourceTableProps {
  resourceType: string;
  resources: Resource[];
  columns: ResourceColumn[];
  /** The ids checked, and how to change them. */
  selection: [ReadonlySet<string>, (ids: Set<string>) => void];
  actions: ColumnActions;
}

/**
 * The rows of a resource list: a checkbox each (and one for the page), column headings with their
 * menus; the whole row opens the resource, and so does its first cell's link, unless that cell names
 * another resource: a column of references links to what it names.
 */
export function ResourceTable({ resourceType, resources, columns, selection, actions }: ResourceTableProps) {
  const [selected, onSelect] = selection;
  const navigate = useNavigate();
  const names = useReferenceNames(
    resources.flatMap((resource) => columns.flatMap((column) => column.references?.(resource) ?? []))
  );
  const open = (id: string) => void navigate({ to: '/$resourceType/$id', params: { resourceType, id } });
  const ids = resources.map((resource) => resource.id ?? '');
  const all = ids.length > 0 && ids.every((id) => selected.has(id));
  const toggle = (id: string) => {
    const next = new Set(selected);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    onSelect(next);
  };
  return (
    <Table.ScrollContainer minWidth={600}>
      <Table highlightOnHover verticalSpacing="xs" aria-label={`${resourceType} list`}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={44} py={0}>
              {/* The box is drawn small; the label around it is the 44 × 44 px target. */}
              <label className={inputClasses.checkTarget}>
                <Checkbox
                  aria-label="Select all"
                  checked={all}
                  indeterminate={!all && ids.some((id) => selected.has(id))}
                  onChange={() => onSelect(all ? new Set() : new Set(ids))}
                />
              </label>
            </Table.Th>
            {columns.map((column) => (
              <Table.Th key={column.field}>
                <ColumnMenu column={column} actions={actions} />
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {resources.map((resource) => {
            const id = resource.id ?? '';
            return (
              <Table.Tr
                key={id}
                data-resource-id={id}
                style={{ cursor: 'pointer', height: 44 }}
                onClick={() => open(id)}
                // A row whose first column names another resource still opens by keyboard.
                tabIndex={0}
                onKeyDown={(event) => {
                  if (event.key === 'Enter' && event.target === event.currentTarget) open(id);
                }}
              >
                <Table.Td py={0} onClick={(event) => event.stopPropagation()}>
                  <label className={inputClasses.checkTarget}>
                    <Checkbox
                      aria-label={`Select ${id}`}
                      checked={selected.has(id)}
                      onChange={() => toggle(id)}
                    />
                  </label>
                </Table.Td>
                {columns.map((column, index) => (
                  <Table.Td key={column.field}>
                    {column.references?.(resource).length === 1 ? (
                      <ReferenceLink reference={column.references(resource)[0]}>
                        {column.value(resource, names)}
                      </ReferenceLink>
                    ) : index === 0 ? (
                      <ResourceLink resourceType={resourceType} id={id}>
                        {column.value(resource, names) || id}
                      </ResourceLink>
                    ) : (
                      <Text size="sm">{column.value(resource, names)}</Text>
                    )}
                  </Table.Td>
                ))}
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
