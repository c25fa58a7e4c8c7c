/** What every input of one value takes: the value held, and what to call with a new one. */
export interface ValueInputProps<T> {
  id?: string;
  /** The label for assistive technology; the field around the input shows the visible one. */
  ariaLabel?: string;
  required?: boolean;
  value: T | undefined;
  /** Called with the new value; undefined when the input is emptied. */
  onChange: (value: T | undefined) => void;
}
