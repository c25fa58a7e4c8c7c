import type { ChangeEvent, InputHTMLAttributes, Ref } from 'react';
import { useFieldError } from './field-error';
import classes from './inputs.module.css';

export interface NativeInputProps extends Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'value' | 'onChange' | 'className'
> {
  ariaLabel?: string;
  ref?: Ref<HTMLInputElement>;
  /** The text the input shows. */
  value: string;
  /** Called with the text the user leaves in the input. */
  onChange: (text: string) => void;
}

/**
 * The platform's own input in the kit's look: cheap to draw a hundred of (the field around it
 * holds the label and error), and the device's own keyboard and pickers on a tablet.
 */
export function NativeInput({ ariaLabel, onChange, ...attributes }: NativeInputProps) {
  const fieldError = useFieldError(attributes.id);
  return (
    <input
      {...fieldError}
      {...attributes}
      aria-label={ariaLabel}
      className={classes.input}
      onChange={(event: ChangeEvent<HTMLInputElement>) => onChange(event.currentTarget.value)}
    />
  );
}
