import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';

/** Gap between two rows. */
const GAP = 8;

interface VirtualListProps<T> {
  items: readonly T[];
  itemKey(item: T): string;
  /** A first guess at a row's height; rows are measured once drawn. */
  estimate: number;
  renderItem(item: T): ReactNode;
}

/**
 * A list of rows in the page's own scroll: only the rows near the viewport are in the page, each
 * measured once drawn, so a timeline of hundreds of cards costs the cards on screen.
 */
export function VirtualList<T>({ items, itemKey, estimate, renderItem }: VirtualListProps<T>) {
  const listRef = useRef<HTMLDivElement>(null);
  const [offset, setOffset] = useState(0);
  // Measured after every render: what is drawn above the list (a notice, a longer comment) moves it.
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the state only changes when the list moved
  useLayoutEffect(() => {
    const top = (listRef.current?.getBoundingClientRect().top ?? 0) + window.scrollY;
    setOffset((current) => (Math.abs(current - top) > 1 ? top : current));
  });
  const virtualizer = useWindowVirtualizer({
    count: items.length,
    estimateSize: () => estimate + GAP,
    overscan: 6,
    scrollMargin: offset,
    getItemKey: (index) => (items[index] ? itemKey(items[index]) : index),
  });
  return (
    <div ref={listRef} style={{ position: 'relative', height: virtualizer.getTotalSize() }}>
      {virtualizer.getVirtualItems().map((row) => {
        const item = items[row.index];
        if (item === undefined) return null;
        return (
          <div
            key={row.key}
            data-index={row.index}
            ref={virtualizer.measureElement}
            style={{
              position: 'absolute',
              top: 0,
              left: 0,
              width: '100%',
              paddingBottom: GAP,
              transform: `translateY(${row.start - offset}px)`,
            }}
          >
            {renderItem(item)}
          </div>
        );
      })}
    </div>
  );
}
