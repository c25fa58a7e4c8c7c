import { useCallback, useLayoutEffect, useRef, useState, type RefObject } from 'react';

export interface TableWidth {
  /** The box the table scrolls in. */
  ref: RefObject<HTMLDivElement | null>;
  /** Whether the box has been measured (its width may still be 0). */
  measured: boolean;
  /** Its width in px (0 until measured). */
  width: number;
  /** Whether more of the table lies to the left or right of what shows. */
  moreLeft: boolean;
  moreRight: boolean;
  /** Call on the box's scroll: updates moreLeft and moreRight. */
  onScroll(): void;
}

/**
 * The width of a table's box and whether the table scrolls past either edge. Measured once the box
 * is in the page and again whenever the box or the table changes size, so the columns that fit are
 * chosen before they are shown: a table draws its rows once `measured`, rendering them once at the
 * width they get rather than first with every column.
 */
export function useTableWidth(): TableWidth {
  const ref = useRef<HTMLDivElement>(null);
  const [state, setState] = useState({ measured: false, width: 0, moreLeft: false, moreRight: false });
  const measure = useCallback(() => {
    const box = ref.current;
    if (!box) return;
    const next = {
      measured: true,
      width: box.clientWidth,
      moreLeft: box.scrollLeft > 1,
      moreRight: box.scrollLeft + box.clientWidth < box.scrollWidth - 1,
    };
    setState((was) =>
      was.measured &&
      was.width === next.width &&
      was.moreLeft === next.moreLeft &&
      was.moreRight === next.moreRight
        ? was
        : next
    );
  }, []);
  useLayoutEffect(() => {
    const box = ref.current;
    if (!box) return;
    // Not read in this render's task: reading a width lays out the whole new page there (on a first
    // load, the signed-in shell), one long task with the render. In a task of its own, or when the
    // browser lays the box out before its first paint, whichever comes first.
    const first = setTimeout(measure, 0);
    if (typeof ResizeObserver === 'undefined') return () => clearTimeout(first);
    const observer = new ResizeObserver(measure);
    observer.observe(box);
    if (box.firstElementChild) observer.observe(box.firstElementChild);
    return () => {
      clearTimeout(first);
      observer.disconnect();
    };
  }, [measure]);
  return { ref, ...state, onScroll: measure };
}
