import { Alert, Button, Group, Stack, Textarea, TextInput } from '@mantine/core';
import type { OperationOutcome, Resource } from '@medplum/fhirtypes';
import { useState } from 'react';

/** The resource form's contract: the typed form replaces this editor behind the same props. */
export interface ResourceFormProps {
  defaultValue: Resource;
  onSubmit: (resource: Resource) => void;
  onDelete?: () => void;
  outcome?: OperationOutcome;
  submitting?: boolean;
}

const TOUCH = { minHeight: 44 };

/** The fields a person edits: everything but the identity and the server's bookkeeping. */
function editable(resource: Resource): Record<string, unknown> {
  const { resourceType: _type, id: _id, meta: _meta, ...rest } = resource;
  return rest;
}

/**
 * A stand-in resource form: resourceType and id shown disabled, the other fields as JSON, OK and
 * Delete. The outcome's issues are shown at the top.
 */
export function ResourceForm({ defaultValue, onSubmit, onDelete, outcome, submitting }: ResourceFormProps) {
  const [text, setText] = useState(() => JSON.stringify(editable(defaultValue), null, 2));
  const [parseError, setParseError] = useState<string>();
  const issues = (outcome?.issue ?? []).map(
    (issue) => issue.details?.text ?? issue.diagnostics ?? issue.code
  );

  function submit(): void {
    let fields: unknown;
    try {
      fields = JSON.parse(text);
    } catch (error) {
      setParseError(`Invalid JSON: ${error instanceof Error ? error.message : String(error)}`);
      return;
    }
    if (typeof fields !== 'object' || fields === null || Array.isArray(fields)) {
      setParseError('The fields must be a JSON object');
      return;
    }
    setParseError(undefined);
    const { resourceType, id, meta } = defaultValue;
    onSubmit({
      ...(fields as object),
      resourceType,
      ...(id ? { id } : {}),
      ...(meta ? { meta } : {}),
    } as Resource);
  }

  return (
    <form
      aria-label="Resource form"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Stack gap="sm">
        {issues.length > 0 && (
          <Alert color="red" title="Error" role="alert">
            {issues.join('\n')}
          </Alert>
        )}
        <Group grow>
          <TextInput label="Resource Type" value={defaultValue.resourceType} disabled />
          <TextInput label="ID" value={defaultValue.id ?? ''} disabled />
        </Group>
        <Textarea
          label="Fields (JSON)"
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          rows={16}
          error={parseError}
          styles={{ input: { fontFamily: 'monospace', fontSize: 13 } }}
        />
        <Group justify="space-between">
          <Button type="submit" style={TOUCH} loading={submitting}>
            OK
          </Button>
          {onDelete && (
            <Button color="red" variant="outline" style={TOUCH} onClick={onDelete} disabled={submitting}>
              Delete
            </Button>
          )}
        </Group>
      </Stack>
    </form>
  );
}
