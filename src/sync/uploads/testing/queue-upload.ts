import type { Media } from '@medplum/fhirtypes';
import type { AppliedChange, LocalChange } from '../../engine/types';

/**
 * Queues the changes the timeline makes for an upload of `text` as a file: the Media in preparation,
 * then the change completing it with the bytes (which wait in the outbox until uploaded). Resolves
 * with the Media's id.
 */
export async function queueUpload(
  apply: (change: LocalChange) => Promise<AppliedChange>,
  text: string,
  title: string,
  operator?: Media['operator']
): Promise<string> {
  const content = { contentType: 'text/plain', title, size: text.length };
  const media: Media = {
    resourceType: 'Media',
    status: 'preparation',
    ...(operator ? { operator } : {}),
    content,
  };
  const created = await apply({
    resourceType: 'Media',
    kind: 'create',
    resource: media,
    commutes: false,
    label: 'Upload',
  });
  await apply({
    resourceType: 'Media',
    id: created.id,
    kind: 'patch',
    operations: [
      { op: 'replace', path: '/status', value: 'completed' },
      { op: 'replace', path: '/content', value: { ...content, data: btoa(text) } },
    ],
    commutes: false,
    label: 'Upload',
  });
  return created.id;
}
