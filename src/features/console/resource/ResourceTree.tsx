import { Box, Table, Text } from '@mantine/core';
import type { Resource } from '@medplum/fhirtypes';
import { dataTypeText, fieldLabel } from '../format';

/** A readable tree of a resource's fields: one row per field, nested values indented. */
export function ResourceTree({ resource }: { resource: Resource }) {
  return (
    <Table withRowBorders verticalSpacing={6} aria-label="Resource details">
      <Table.Tbody>
        <FieldRows value={resource as unknown as Record<string, unknown>} />
      </Table.Tbody>
    </Table>
  );
}

function FieldRows({ value }: { value: Record<string, unknown> }) {
  return (
    <>
      {Object.entries(value)
        .filter(([name]) => name !== 'text' || typeof value[name] !== 'object')
        .map(([name, field]) => (
          <Table.Tr key={name}>
            <Table.Th w="30%" style={{ verticalAlign: 'top' }}>
              <Text size="sm" fw={600}>
                {fieldLabel(name)}
              </Text>
            </Table.Th>
            <Table.Td>
              <FieldValue value={field} />
            </Table.Td>
          </Table.Tr>
        ))}
    </>
  );
}

function FieldValue({ value }: { value: unknown }) {
  if (Array.isArray(value)) {
    return (
      <Box component="ul" m={0} pl="md">
        {value.map((item, index) => (
          <li key={index}>
            <FieldValue value={item} />
          </li>
        ))}
      </Box>
    );
  }
  const text = dataTypeText(value);
  if (text !== undefined) return <Text size="sm">{text}</Text>;
  return (
    <Table withRowBorders={false} verticalSpacing={2}>
      <Table.Tbody>
        <FieldRows value={value as Record<string, unknown>} />
      </Table.Tbody>
    </Table>
  );
}
