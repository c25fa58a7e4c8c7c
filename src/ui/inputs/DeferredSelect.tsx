import { useState, type ReactNode } from 'react';
import classes from './inputs.module.css';
import { useFieldError } from './field-error';

export interface DeferredSelectProps {
  id?: string;
  ariaLabel?: string;
  required?: boolean;
  /** The words shown for the value held. */
  shown: string;
  /**
   * The real select, drawn once the user opens the field; `opened` says whether it starts with
   * its option list open (a pointer opened it) or only focused (the keyboard reached it).
   */
  children: (opened: boolean) => ReactNode;
}

/**
 * A searchable select drawn as a plain read-only field until the user opens it: a form holds many
 * of them, and each real one costs a combobox and a lookup of its options (a ValueSet expansion or
 * a search), which only the field the user opens needs.
 */
export function DeferredSelect({ id, ariaLabel, required, shown, children }: DeferredSelectProps) {
  const fieldError = useFieldError(id);
  const [active, setActive] = useState<'focused' | 'opened'>();
  if (active) return children(active === 'opened');
  return (
    <input
      {...{ id, required }}
      {...fieldError}
      aria-label={ariaLabel}
      role="combobox"
      aria-expanded={false}
      aria-haspopup="listbox"
      readOnly
      className={`${classes.input} ${classes.picker}`}
      value={shown}
      // The pointer opens the list at once; focus moves to the real select as it is drawn.
      onMouseDown={(event) => {
        event.preventDefault();
        setActive('opened');
      }}
      onFocus={() => setActive('focused')}
    />
  );
}
