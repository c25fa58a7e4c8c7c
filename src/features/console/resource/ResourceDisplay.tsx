import { Anchor, Box, Image, Table, Text } from '@mantine/core';
import type { Attachment, Extension, Reference, Resource } from '@medplum/fhirtypes';
import { Link } from '@tanstack/react-router';
import { formatValue, resourceName, useReplicaQuery, useSchema } from '@/ui';
import { fieldLabel } from '../format';
import { presentElements, schemaOf, type PresentElement } from './element-values';
import { SchemaNotice } from './SchemaNotice';

/** Elements not shown: the narrative is HTML made from the other fields. */
const HIDDEN = new Set(['text']);

/**
 * A resource read-only, as a tree chosen by element type from the type's StructureDefinition:
 * references link to their target, dates in local time, concepts by display, quantities with units,
 * attachments as links or images, extensions and backbone elements nested, empty elements left out.
 * A missing schema or an element the schema does not know is shown as an error naming it.
 */
export function ResourceDisplay({ resource }: { resource: Resource }) {
  const schema = useSchema(resource.resourceType);
  if (schema.status !== 'ready') return <SchemaNotice schema={schema} />;
  return (
    <Table withRowBorders verticalSpacing={6} aria-label="Resource details">
      <Table.Tbody>
        <ElementRows value={resource} typeName={resource.resourceType} path={resource.resourceType} />
      </Table.Tbody>
    </Table>
  );
}

function ElementRows({ value, typeName, path }: { value: object; typeName: string; path: string }) {
  const schema = schemaOf(typeName);
  if (!schema) {
    return (
      <Table.Tr>
        <Table.Td colSpan={2}>
          <Text c="red" size="sm" role="alert">{`No schema for ${typeName} at ${path}`}</Text>
        </Table.Td>
      </Table.Tr>
    );
  }
  const elements = presentElements(value as Record<string, unknown>, schema).filter(
    (element) => !(path === typeName && HIDDEN.has(element.name))
  );
  return (
    <>
      {elements.map((element) => (
        <Table.Tr key={element.key}>
          <Table.Th w="30%" style={{ verticalAlign: 'top' }}>
            <Text size="sm" fw={600}>
              {fieldLabel(element.key)}
            </Text>
          </Table.Th>
          <Table.Td>
            <ElementCell element={element} path={`${path}.${element.key}`} />
          </Table.Td>
        </Table.Tr>
      ))}
    </>
  );
}

function ElementCell({ element, path }: { element: PresentElement; path: string }) {
  if (!element.type) {
    return <Text c="red" size="sm" role="alert">{`No element ${path} in the schema`}</Text>;
  }
  const type = element.type;
  if (Array.isArray(element.value)) {
    const items = element.value.filter((item) => item !== null && item !== undefined);
    if (items.length === 1) return <TypedValue value={items[0]} type={type} path={path} />;
    return (
      <Box component="ul" m={0} pl="md">
        {items.map((item, index) => (
          <li key={index}>
            <TypedValue value={item} type={type} path={`${path}[${index}]`} />
          </li>
        ))}
      </Box>
    );
  }
  return <TypedValue value={element.value} type={type} path={path} />;
}

/** One value by its FHIR type: a link, an image, a line of text, or its own elements nested. */
function TypedValue({ value, type, path }: { value: unknown; type: string; path: string }) {
  switch (type) {
    case 'Reference':
      return <ReferenceLink reference={value as Reference} />;
    case 'Attachment':
      return <AttachmentView attachment={value as Attachment} />;
    case 'Extension':
      return <ExtensionView extension={value as Extension} path={path} />;
    case 'Resource': {
      const contained = value as Resource;
      return <Nested value={contained} typeName={contained.resourceType} path={path} />;
    }
  }
  const text = formatValue(value, type);
  if (text !== undefined) return <Text size="sm">{text}</Text>;
  return <Nested value={value as object} typeName={type} path={path} />;
}

function Nested({ value, typeName, path }: { value: object; typeName: string; path: string }) {
  return (
    <Table withRowBorders={false} verticalSpacing={2}>
      <Table.Tbody>
        <ElementRows value={value} typeName={typeName} path={path} />
      </Table.Tbody>
    </Table>
  );
}

const REFERENCE_PATTERN = /^([A-Za-z]+)\/([^/]+)$/;

/** A reference as a link to its target, named by its display, else the target's name held here. */
function ReferenceLink({ reference }: { reference: Reference }) {
  const match = REFERENCE_PATTERN.exec(reference.reference ?? '');
  const target = match ? (reference.reference ?? '') : '';
  const held = useReplicaQuery(
    async (reader) =>
      target && !reference.display ? resourceName((await reader.record(target))?.resource) : '',
    [target, reference.display]
  );
  const label = reference.display || held || reference.reference || formatValue(reference, 'Reference') || '';
  if (!match) return <Text size="sm">{label}</Text>;
  const [, resourceType = '', id = ''] = match;
  return (
    <Anchor
      size="sm"
      renderRoot={(props) => <Link {...props} to="/$resourceType/$id" params={{ resourceType, id }} />}
    >
      {label}
    </Anchor>
  );
}

function AttachmentView({ attachment }: { attachment: Attachment }) {
  const title = attachment.title ?? attachment.url ?? attachment.contentType ?? 'Attachment';
  if (!attachment.url) return <Text size="sm">{title}</Text>;
  if (attachment.contentType?.startsWith('image/')) {
    return <Image src={attachment.url} alt={title} maw={240} radius="sm" />;
  }
  return (
    <Anchor size="sm" href={attachment.url} target="_blank" rel="noopener noreferrer">
      {title}
    </Anchor>
  );
}

/** An extension: its url, then its value by type or its nested extensions. */
function ExtensionView({ extension, path }: { extension: Extension; path: string }) {
  return (
    <Table withRowBorders={false} verticalSpacing={2}>
      <Table.Tbody>
        <Table.Tr>
          <Table.Th w="30%">
            <Text size="sm" fw={600}>
              Url
            </Text>
          </Table.Th>
          <Table.Td>
            <Text size="sm" style={{ wordBreak: 'break-all' }}>
              {extension.url}
            </Text>
          </Table.Td>
        </Table.Tr>
        <ElementRows value={{ ...extension, url: undefined }} typeName="Extension" path={path} />
      </Table.Tbody>
    </Table>
  );
}
