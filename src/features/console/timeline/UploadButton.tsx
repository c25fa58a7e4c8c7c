import { Button, FileButton, Group, Text } from '@mantine/core';
import type { Resource } from '@medplum/fhirtypes';
import { useState } from 'react';
import { createChange, noticeIfKept, outcomeText, useProfile, useSave, type AppliedChange } from '@/ui';
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
export function UploadButton({
  resource,
  onAdded,
}: {
  resource: Resource;
  /** A file's Media was added: its card shows the upload. */
  onAdded?: (change: AppliedChange) => void;
}) {
  const { reference } = useProfile();
  const { save, submitting, outcome } = useSave();
  const [problem, setProblem] = useState<string>();
  const [reading, setReading] = useState(false);
  const [uploaded, setUploaded] = useState<string>();

  async function upload(file: File | null): Promise<void> {
    if (!file) return;
    setProblem(undefined);
    setUploaded(undefined);
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
      onAdded?.(created.applied);
      const completed = await save({
        change: {
          resourceType: 'Media',
          id: created.applied.id,
          kind: 'patch',
          operations: completeMediaOperations(content, data),
          commutes: false,
          label: 'Upload',
        },
      });
      // 'Uploaded' only once the server has the file; one kept on this device says so instead.
      if (completed.ok && completed.delivery === 'sent') setUploaded(file.name);
      noticeIfKept(completed, `Upload ${file.name}`);
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
      <Text size="sm" c="green.8" role="status" aria-live="polite" style={{ overflowWrap: 'anywhere' }}>
        {uploaded && !reading && !submitting ? `Uploaded ${uploaded}` : ''}
      </Text>
      {failure && (
        <Text size="sm" c="red" role="alert">
          {failure}
        </Text>
      )}
    </Group>
  );
}
