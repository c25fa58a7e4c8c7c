import { useState, type ChangeEvent } from 'react';
import classes from './inputs.module.css';
import { useFieldError } from './field-error';

export interface WordsInputProps {
  id: string;
  label: string;
  values: unknown[];
  onChange: (values: unknown[]) => void;
}

/** A list of words typed as one line ('Jane Mary'): the spaces the user is typing are kept. */
export function WordsInput({ id, label, values, onChange }: WordsInputProps) {
  const fieldError = useFieldError(id);
  const joined = values.filter(Boolean).join(' ');
  const [text, setText] = useState(joined);
  const shown = text.trim().split(/\s+/).filter(Boolean).join(' ') === joined ? text : joined;
  return (
    <input
      id={id}
      {...fieldError}
      aria-label={label}
      className={classes.input}
      value={shown}
      onChange={(event: ChangeEvent<HTMLInputElement>) => {
        setText(event.currentTarget.value);
        onChange(event.currentTarget.value.split(/\s+/).filter(Boolean));
      }}
    />
  );
}
