import type { ChangeEvent } from 'react';
import { nativeProps, type ValueInputProps } from './input-props';
import classes from './inputs.module.css';

export interface TextInputProps extends ValueInputProps<string> {
  /** 'url' lets the browser check the address and offer its keyboard. */
  type?: 'text' | 'url';
}

/**
 * Text on one line: strings, codes, ids, URIs. A native input (the field around it holds the
 * label and error): a form draws a hundred of them at once.
 */
export function TextInput({ type = 'text', value, onChange, ...rest }: TextInputProps) {
  return (
    <input
      {...nativeProps(rest)}
      type={type}
      className={classes.input}
      value={value ?? ''}
      onChange={(event: ChangeEvent<HTMLInputElement>) => onChange(event.currentTarget.value)}
    />
  );
}
