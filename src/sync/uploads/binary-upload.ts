import type { Binary } from '@medplum/fhirtypes';
import type { FhirClient } from '../fhir/fhir-client';
import { ApiError, NetworkError, toOperationOutcome, UnauthenticatedError } from '../http/errors';

/** How far an upload is: bytes sent of the file's size. */
export interface UploadProgress {
  loaded: number;
  total: number;
}

/** What a file upload needs: the bytes, their type and the file's name. */
export interface BinaryFile {
  bytes: Uint8Array<ArrayBuffer>;
  contentType: string;
  filename?: string;
}

/** Sends a file as a Binary and answers the stored Binary (its id and URL). */
export type BinaryUploader = (
  file: BinaryFile,
  onProgress: (progress: UploadProgress) => void
) => Promise<Binary>;

/** The words of an upload that stopped before an answer. */
export const REQUEST_ABORTED = 'Request aborted';
export const REQUEST_ERROR = 'Request error';

/** An upload the network or the user cut short: tried again later, as any network failure. */
export class UploadInterruptedError extends NetworkError {
  override readonly message: string;
  constructor(message: typeof REQUEST_ABORTED | typeof REQUEST_ERROR) {
    super();
    this.message = message;
  }
}

/** The Binary's URL: the one the server gave, else 'Binary/{id}'. */
export function binaryUrl(binary: Binary): string {
  return binary.url ?? `Binary/${binary.id ?? ''}`;
}

/** The upload of a context without XMLHttpRequest: the file as a FHIR Binary resource, no progress between. */
export function jsonUploader(fhir: FhirClient): BinaryUploader {
  return async (file, onProgress) => {
    onProgress({ loaded: 0, total: file.bytes.length });
    let text = '';
    for (let i = 0; i < file.bytes.length; i += 0x8000) {
      text += String.fromCharCode(...file.bytes.subarray(i, i + 0x8000));
    }
    const binary: Binary = { resourceType: 'Binary', contentType: file.contentType, data: btoa(text) };
    const { resource } = await fhir.create(binary);
    onProgress({ loaded: file.bytes.length, total: file.bytes.length });
    return resource;
  };
}

/**
 * The upload of a browser or worker: POST Binary with the raw bytes (as a Medplum server takes a
 * file, `_filename` in the query), reporting progress as the bytes go; a refused token is renewed once.
 */
export function xhrUploader(fhir: FhirClient): BinaryUploader {
  const api = fhir.api;
  return async (file, onProgress) => {
    const query = file.filename ? `?_filename=${encodeURIComponent(file.filename)}` : '';
    const url = `${api.fhirUrl('Binary')}${query}`;
    const token = await api.session.accessToken();
    if (!token) throw new UnauthenticatedError();
    let answer = await post(url, file, token, onProgress);
    if (answer.status === 401) {
      await api.session.recoverFromUnauthorized(token);
      const renewed = await api.session.accessToken();
      if (!renewed) throw new UnauthenticatedError();
      answer = await post(url, file, renewed, onProgress);
      if (answer.status === 401) throw new UnauthenticatedError();
    }
    const body = parse(answer.text);
    if (answer.status >= 400)
      throw new ApiError(answer.status, toOperationOutcome(answer.status, body ?? answer.text));
    return body as Binary;
  };
}

function post(
  url: string,
  file: BinaryFile,
  token: string,
  onProgress: (progress: UploadProgress) => void
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', url);
    request.setRequestHeader('Authorization', `Bearer ${token}`);
    request.setRequestHeader('Content-Type', file.contentType);
    request.setRequestHeader('Accept', 'application/fhir+json');
    request.upload.onprogress = (event) =>
      onProgress({ loaded: event.loaded, total: event.lengthComputable ? event.total : file.bytes.length });
    request.onabort = () => reject(new UploadInterruptedError(REQUEST_ABORTED));
    request.onerror = () => reject(new UploadInterruptedError(REQUEST_ERROR));
    request.onload = () => resolve({ status: request.status, text: request.responseText });
    request.send(new Blob([file.bytes], { type: file.contentType }));
  });
}

function parse(text: string): unknown {
  try {
    return text ? (JSON.parse(text) as unknown) : undefined;
  } catch {
    return undefined;
  }
}
