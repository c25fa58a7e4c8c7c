import { Autocomplete } from '@mantine/core';
import type { ValueInputProps } from './input-props';
import { useFieldError } from './field-error';

export interface SuggestInputProps extends ValueInputProps<string> {
  /** Words offered as the user types; any other words may be typed too. */
  suggestions: readonly string[];
  /** Takes the focus when its dialog opens. */
  autoFocus?: boolean;
}

/** Free text with suggestions, for a short form: a known code's name, or the user's own words. */
export function SuggestInput({
  id,
  ariaLabel,
  required,
  value,
  onChange,
  suggestions,
  autoFocus,
}: SuggestInputProps) {
  const fieldError = useFieldError(id);
  return (
    <Autocomplete
      {...{ id, required }}
      {...fieldError}
      aria-label={ariaLabel}
      value={value ?? ''}
      onChange={onChange}
      data={[...new Set(suggestions)]}
      data-autofocus={autoFocus || undefined}
    />
  );
}
