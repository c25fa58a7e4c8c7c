import { Table, Text } from '@mantine/core';
import type { Resource } from '@medplum/fhirtypes';
import { useNavigate } from '@tanstack/react-router';
import { ReferenceLink, ResourceLink, useReferenceNames } from '@/ui';
import type { ResourceColumn } from './columns';

interface ResourceTableProps {
  resourceType: string;
  resources: Resource[];
  columns: ResourceColumn[];
}

/**
 * The rows of a resource list; the whole row opens the resource, and so does its first cell's link,
 * unless that cell names another resource: a column of references links to what it names.
 */
export function ResourceTable({ resourceType, resources, columns }: ResourceTableProps) {
  const navigate = useNavigate();
  const names = useReferenceNames(
    resources.flatMap((resource) => columns.flatMap((column) => column.references?.(resource) ?? []))
  );
  const open = (id: string) => void navigate({ to: '/$resourceType/$id', params: { resourceType, id } });
  return (
    <Table.ScrollContainer minWidth={600}>
      <Table highlightOnHover verticalSpacing="xs" aria-label={`${resourceType} list`}>
        <Table.Thead>
          <Table.Tr>
            {columns.map((column) => (
              <Table.Th key={column.field}>{column.heading}</Table.Th>
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
