import type { ReactNode } from 'react';
import classes from './inputs.module.css';

export interface ArrayInputProps {
  /** Names the add and remove buttons: 'Add Telecom', 'Remove Telecom'. */
  label: string;
  values: readonly unknown[];
  /** The list is shown padded with empty items up to `min`; none can be removed at `min`. */
  min: number;
  /** No item can be added at `max`. */
  max: number;
  onChange: (values: unknown[]) => void;
  renderItem: (value: unknown, onChange: (value: unknown) => void, index: number) => ReactNode;
  /** What a new or padding item starts as (a slice's fixed parts); padding is stored once edited. */
  blank?: unknown;
}

/** A list of one input per item, with add and remove obeying the element's min and max. */
export function ArrayInput({ label, values, min, max, onChange, renderItem, blank }: ArrayInputProps) {
  const items: unknown[] = [
    ...values,
    ...Array.from({ length: Math.max(0, min - values.length) }, () => blank),
  ];
  const setItem = (index: number, value: unknown) => {
    // Padding after the edited item stays unstored.
    const next = items.slice(0, Math.max(values.length, index + 1));
    next[index] = value;
    onChange(next);
  };
  return (
    <div className={classes.list}>
      {items.map((item, index) => (
        <div key={index} className={classes.row}>
          <div className={classes.grow}>{renderItem(item, (value) => setItem(index, value), index)}</div>
          {items.length > min && (
            <button
              type="button"
              className={`${classes.textButton} ${classes.danger}`}
              aria-label={`Remove ${label}`}
              onClick={() => onChange(items.filter((_, at) => at !== index))}
            >
              Remove
            </button>
          )}
        </div>
      ))}
      {items.length < max && (
        <div>
          <button type="button" className={classes.textButton} onClick={() => onChange([...items, blank])}>
            {`Add ${label}`}
          </button>
        </div>
      )}
    </div>
  );
}
