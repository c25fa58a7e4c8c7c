import { useFormDataSources, useSchema } from '@/ui';
import { InputSourcesProvider } from '@/ui/inputs';
import { ResourceForm, type ResourceFormProps } from '../form';
import { SchemaNotice } from './SchemaNotice';

/**
 * The resource form of the console pages: it waits for the type's schema (kept on this device once
 * read, so offline too) and looks references and value set codes up over the server when it answers,
 * else the replica and the kept expansions.
 */
export function ConsoleResourceForm(props: ResourceFormProps) {
  const schema = useSchema(props.defaultValue.resourceType);
  const sources = useFormDataSources();
  if (schema.status !== 'ready') return <SchemaNotice schema={schema} />;
  return (
    <InputSourcesProvider sources={sources}>
      <ResourceForm {...props} />
    </InputSourcesProvider>
  );
}
