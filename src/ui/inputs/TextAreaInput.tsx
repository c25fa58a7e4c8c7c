import type { ValueInputProps } from './input-props';
import classes from './inputs.module.css';

/** Text on several lines: markdown, base64 data, a questionnaire's long answers. */
export function TextAreaInput({ id, ariaLabel, required, value, onChange }: ValueInputProps<string>) {
  return (
    <textarea
      {...{ id, required }}
      rows={3}
      aria-label={ariaLabel}
      className={classes.input}
      value={value ?? ''}
      onChange={(event) => onChange(event.currentTarget.value)}
    />
  );
}
