import { UnauthenticatedError } from '@/sync/http/errors';
import { classify, errorText, isNetworkFailure } from '@/sync/engine/conflict-rules';
import type { SyncContext } from '@/sync/engine/context';
import { backOff } from '@/sync/engine/push/backoff';
import { markFailed } from '@/sync/engine/push/push';
import { writeRecord } from '@/sync/engine/record';
import { binaryUrl, jsonUploader, xhrUploader, type BinaryUploader } from './binary-upload';
import {
  decodeBase64,
  pendingUpload,
  sendableUploads,
  withUploadedContent,
  type PendingUpload,
} from './upload-entries';
import type { UploadStatus } from './upload-status';

export interface UploadReport {
  /** Files stored on the server in this run. */
  uploaded: number;
  /** The network failed: the remaining uploads wait for the next run. */
  offline: boolean;
}

/**
 * In the sync worker (the app), XMLHttpRequest: progress as the bytes go. Elsewhere (an engine in
 * a page or a test, whose network is the fetch it was given) a FHIR Binary resource through that fetch.
 */
export function defaultUploader(context: SyncContext): BinaryUploader {
  const inWorker = typeof (globalThis as { WorkerGlobalScope?: unknown }).WorkerGlobalScope === 'function';
  return inWorker && typeof XMLHttpRequest === 'function'
    ? xhrUploader(context.fhir)
    : jsonUploader(context.fhir);
}

/**
 * Uploads the files waiting in the outbox, oldest first, before the outbox is pushed: each file goes
 * as a Binary, then its change carries the Binary's URL in place of the bytes, so the change that
 * completes the Media is sent as any other. A transient failure backs the change off (the file stays
 * in IndexedDB); a refusal marks it failed with the server's words. `report` hears each upload's progress.
 */
export async function sendUploads(
  context: SyncContext,
  report: (status: UploadStatus) => void,
  uploader: BinaryUploader = defaultUploader(context)
): Promise<UploadReport> {
  const result: UploadReport = { uploaded: 0, offline: false };
  const outbox = await context.replica.transaction((tx) => tx.listOutbox());
  for (const upload of sendableUploads(outbox, context.clock.now())) {
    const { entry, content } = upload;
    const bytes = decodeBase64(content.data);
    const status: UploadStatus = { key: entry.key, seq: entry.seq ?? 0, loaded: 0, total: bytes.length };
    report(status);
    let url: string;
    try {
      const binary = await uploader(
        { bytes, contentType: content.contentType ?? 'application/octet-stream', filename: content.title },
        (progress) => report({ ...status, ...progress })
      );
      context.reached();
      url = binaryUrl(binary);
    } catch (error) {
      report({ ...status, error: errorText(error) });
      if (await afterUploadError(context, upload, error)) {
        result.offline = true;
        return result;
      }
      continue;
    }
    await storeUploaded(context, upload, url);
    result.uploaded++;
    report({ ...status, loaded: bytes.length, done: true });
  }
  return result;
}

/** The change now names the uploaded file: the bytes leave the outbox and the local view. */
async function storeUploaded(context: SyncContext, upload: PendingUpload, url: string): Promise<void> {
  await context.replica.transaction(async (tx) => {
    const current = await tx.getOutbox(upload.entry.seq ?? 0);
    // Re-read: the change may have moved to the Media's confirmed id meanwhile.
    const still = current && pendingUpload(current);
    if (!still) return;
    await tx.putOutbox(withUploadedContent(still, url));
    await writeRecord(
      tx,
      still.entry.resourceType,
      still.entry.resourceId,
      (await tx.getResource(still.entry.key))?.server
    );
    context.touched.add(still.entry.key);
  });
}

/** Backs off or fails the change after an upload error; true when the network is down. */
async function afterUploadError(
  context: SyncContext,
  upload: PendingUpload,
  error: unknown
): Promise<boolean> {
  const outcome = classify(error);
  if (outcome === 'unauthenticated')
    throw error instanceof UnauthenticatedError ? error : new UnauthenticatedError();
  if (outcome !== 'transient') {
    context.reached();
    await markFailed(context, upload.entry, errorText(error));
    return false;
  }
  const offline = isNetworkFailure(error);
  if (!offline) context.reached();
  await backOff(context, upload.entry, errorText(error));
  context.touched.add(upload.entry.key);
  return offline;
}
