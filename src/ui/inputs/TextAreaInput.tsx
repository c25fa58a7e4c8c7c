import type { ChangeEvent } from 'react';
import { nativeProps, type ValueInputProps } from './input-props';
import classes from './inputs.module.css';

/** Text on several lines: markdown, base64 data, a questionnaire's long answers. */
export function TextAreaInput({ value, onChange, ...rest }: ValueInputProps<string>) {
  return (
    <textarea
      {...nativeProps(rest)}
      rows={3}
      className={classes.input}
      value={value ?? ''}
      onChange={(event: ChangeEvent<HTMLTextAreaElement>) => onChange(event.currentTarget.value)}
    />
  );
}
