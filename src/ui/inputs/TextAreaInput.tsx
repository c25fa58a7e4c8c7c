import type { ValueInputProps } from './input-props';
import classes from './inputs.module.css';
import { useFieldError } from './field-error';

/** Text on several lines: markdown, base64 data, a questionnaire's long answers. */
export function TextAreaInput({ id, ariaLabel, required, value, onChange }: ValueInputProps<string>) {
  const fieldError = useFieldError(id);
  return (
    <textarea
      {...{ id, required }}
      {...fieldError}
      rows={3}
      aria-label={ariaLabel}
      className={classes.input}
      value={value ?? ''}
      onChange={(event) => onChange(event.currentTarget.value)}
    />
  );
}
