import { Button, FileButton, Group, Text } from '@mantine/core';
import type { Resource } from '@medplum/fhirtypes';
import { useState } from 'react';
import { createChange, outcomeText, useProfile, useSave } from '@/ui';
import { completeMediaOperations, fileAttachment, newMedia } from './timeline-rules';

/** The largest file the timeline takes: it waits in IndexedDB, base64, until it is uploaded. */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

function readBase64(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsDataURL(file);
  });
}

/**
 * The upload button: a Media about the resource, created in preparation, then completed with the
 * file. Both changes go through the outbox with the file's bytes, so an upload chosen offline waits
 * in IndexedDB; the sync engine sends the file as a Binary (the Media's card shows its progress).
 */
export function UploadButton({ resource }: { resource: Resource }) {
  const { reference } = useProfile();
  const { save, submitting, outcome } = useSave();
  const [problem, setProblem] = useState<string>();
  const [reading, setReading] = useState(false);

  async function upload(file: File | null): Promise<void> {
    if (!file) return;
    setProblem(undefined);
    if (file.size > MAX_UPLOAD_BYTES) {
      setProblem(`${file.name} is larger than ${MAX_UPLOAD_BYTES / 1024 / 1024} MB`);
      return;
    }
    setReading(true);
    try {
      const data = await readBase64(file);
      const content = fileAttachment(file);
      const media = newMedia(resource, { reference }, content, new Date().toISOString());
      const created = await save({ change: createChange(media, 'Upload') });
      if (!created.ok || !created.applied) return;
      await save({
        change: {
          resourceType: 'Media',
          id: created.applied.id,
          kind: 'patch',
          operations: completeMediaOperations(content, data),
          commutes: false,
          label: 'Upload',
        },
      });
    } catch (error) {
      setProblem(error instanceof Error ? error.message : String(error));
    } finally {
      setReading(false);
    }
  }

  const failure = problem ?? (outcome ? outcomeText(outcome) : undefined);
  return (
    <Group gap="xs">
      <FileButton onChange={(file) => void upload(file)}>
        {(props) => (
          <Button {...props} variant="default" mih={44} loading={reading || submitting}>
            Upload
          </Button>
        )}
      </FileButton>
      {(reading || submitting) && (
        <Text size="sm" c="dimmed">
          Initializing
        </Text>
      )}
      {failure && (
        <Text size="sm" c="red" role="alert">
          {failure}
        </Text>
      )}
    </Group>
  );
}
