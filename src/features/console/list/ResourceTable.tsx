import { Anchor, Table, Text } from '@mantine/core';
import type { Resource } from '@medplum/fhirtypes';
import { Link, useNavigate } from '@tanstack/react-router';
import type { ResourceColumn } from './columns';

interface ResourceTableProps {
  resourceType: string;
  resources: Resource[];
  columns: ResourceColumn[];
}

/** The rows of a resource list; the first cell links to the resource, the whole row opens it. */
export function ResourceTable({ resourceType, resources, columns }: ResourceTableProps) {
  const navigate = useNavigate();
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
              >
                {columns.map((column, index) => (
                  <Table.Td key={column.field}>
                    {index === 0 ? (
                      <Anchor
                        size="sm"
                        renderRoot={(props) => (
                          <Link
                            {...props}
                            to="/$resourceType/$id"
                            params={{ resourceType, id }}
                            onClick={(event) => event.stopPropagation()}
                          />
                        )}
                      >
                        {column.value(resource) || id}
                      </Anchor>
                    ) : (
                      <Text size="sm">{column.value(resource)}</Text>
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
