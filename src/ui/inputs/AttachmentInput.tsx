import type { Attachment } from '@medplum/fhirtypes';
import { useState, type ChangeEvent } from 'react';
import type { ValueInputProps } from './input-props';
import classes from './inputs.module.css';
import { useFieldError } from './field-error';

export interface AttachmentInputProps extends ValueInputProps<Attachment> {
  /** Names the file input: '<label> file'. */
  ariaLabel: string;
}

/** Largest file kept inside a resource: bigger ones would make every sync of it slow. */
export const MAX_INLINE_BYTES = 5 * 1024 * 1024;

/** A file's bytes as base64, the encoding FHIR's base64Binary holds. */
export function fileToBase64(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    // A data URL: 'data:<type>;base64,<bytes>'.
    reader.onload = () => resolve(String(reader.result).replace(/^[^,]*,/, ''));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsDataURL(file);
  });
}

/**
 * Uploads a file into the Attachment: its bytes (base64), content type, size and name as title,
 * kept in the resource itself, so it is saved with the resource through the outbox (offline too).
 * A previous url is dropped: the attachment now holds its data.
 */
export function AttachmentInput({ id, ariaLabel, required, value, onChange }: AttachmentInputProps) {
  const fieldError = useFieldError(id);
  const [error, setError] = useState<string>();
  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.currentTarget.files?.[0];
    if (!file) return;
    if (file.size > MAX_INLINE_BYTES) {
      setError(`${file.name} is larger than ${MAX_INLINE_BYTES / 1024 / 1024} MB`);
      return;
    }
    try {
      const data = await fileToBase64(file);
      setError(undefined);
      const { url: _url, ...rest } = value ?? {};
      onChange({
        ...rest,
        contentType: file.type || 'application/octet-stream',
        data,
        size: file.size,
        title: file.name,
      });
    } catch (reason) {
      setError(reason instanceof Error ? reason.message : String(reason));
    }
  };
  return (
    <div>
      <input
        {...{ id, required }}
        {...fieldError}
        type="file"
        aria-label={`${ariaLabel} file`}
        className={classes.file}
        onChange={(event) => void choose(event)}
      />
      {value?.data && <span className={classes.note}>{`${value.size ?? 0} bytes held`}</span>}
      {error && (
        <div className={classes.error} role="alert">
          {error}
        </div>
      )}
    </div>
  );
}
