import type { Attachment } from '@medplum/fhirtypes';
import type { Operation } from 'fast-json-patch';
import type { OutboxEntry } from '@/db/types';

/**
 * An upload waiting in the outbox: a change to a Media whose new content still carries the file's
 * bytes (base64) and no URL. The bytes stay in IndexedDB with the change until they are uploaded as
 * a Binary; then the change carries the Binary's URL instead, and is sent as any other change.
 */
export interface PendingUpload {
  entry: OutboxEntry;
  /** The index of the operation that sets the content. */
  index: number;
  content: Attachment & { data: string };
}

function isFileContent(value: unknown): value is Attachment & { data: string } {
  if (typeof value !== 'object' || value === null) return false;
  const attachment = value as Attachment;
  return typeof attachment.data === 'string' && !attachment.url;
}

/** The upload an outbox entry holds, if it holds one. */
export function pendingUpload(entry: OutboxEntry): PendingUpload | undefined {
  if (entry.resourceType !== 'Media' || entry.kind !== 'patch') return undefined;
  const index = entry.operations.findIndex(
    (operation) =>
      (operation.op === 'replace' || operation.op === 'add') &&
      operation.path === '/content' &&
      isFileContent(operation.value)
  );
  if (index < 0) return undefined;
  const operation = entry.operations[index] as Operation & { value: Attachment & { data: string } };
  return { entry, index, content: operation.value };
}

/** The uploads of the outbox that may be sent now (pending, not backed off), oldest first. */
export function sendableUploads(outbox: readonly OutboxEntry[], now: number): PendingUpload[] {
  return [...outbox]
    .sort((a, b) => (a.seq ?? 0) - (b.seq ?? 0))
    .filter((entry) => entry.state === 'pending' && entry.notBefore <= now)
    .flatMap((entry) => {
      const upload = pendingUpload(entry);
      return upload ? [upload] : [];
    });
}

/** The entry once its file is on the server: the content names the Binary's URL and drops the bytes. */
export function withUploadedContent(upload: PendingUpload, url: string): OutboxEntry {
  const { data: _data, ...content } = upload.content;
  const operations = upload.entry.operations.map((operation, index) =>
    index === upload.index ? { ...operation, value: { ...content, url } } : operation
  ) as Operation[];
  return { ...upload.entry, operations, revision: upload.entry.revision + 1 };
}

/** The bytes of base64 text. */
export function decodeBase64(data: string): Uint8Array<ArrayBuffer> {
  const text = atob(data);
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
  return bytes;
}
