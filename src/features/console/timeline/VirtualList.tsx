import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { memo, useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';

/** Gap between two rows. */
const GAP = 8;

/** Rows drawn beyond each edge of the viewport, so a fast wheel never shows a blank. */
const OVERSCAN = 4;

interface VirtualListProps<T> {
  items: readonly T[];
  itemKey(item: T): string;
  /** A first guess at a row's height; rows are measured once drawn. */
  estimate: number;
  /** Draws one row; give a memoised component so rows already drawn are not drawn again on scroll. */
  renderItem(item: T): ReactNode;
  /** The key of a row to bring into view (one just added), though it may not be drawn yet. */
  scrollToKey?: string;
}

/** Where the list starts in the page: read once laid out, and again whenever what holds it changes size. */
function useListTop(listRef: React.RefObject<HTMLDivElement | null>): number {
  const [top, setTop] = useState(0);
  useLayoutEffect(() => {
    const list = listRef.current;
    if (!list) return;
    const read = () => {
      const next = list.getBoundingClientRect().top + window.scrollY;
      setTop((current) => (Math.abs(current - next) > 1 ? next : current));
    };
    read();
    // Whatever is drawn above the list changes the size of its container (a notice) or of the page
    // (a header above the container). The observer reports after layout, so reading the position
    // there forces no extra layout.
    const observer = new ResizeObserver(read);
    if (list.parentElement) observer.observe(list.parentElement);
    observer.observe(document.body);
    return () => observer.disconnect();
  }, [listRef]);
  return top;
}

/**
 * A list of rows in the page's own scroll: only the rows near the viewport are in the page, each
 * measured by a resize observer once drawn, so a timeline of hundreds of cards costs the cards on
 * screen. Scrolling re-renders the list only when the rows in range change, never synchronously
 * inside the scroll event, and rows already drawn keep their elements.
 */
export function VirtualList<T>({ items, itemKey, estimate, renderItem, scrollToKey }: VirtualListProps<T>) {
  const listRef = useRef<HTMLDivElement>(null);
  const offset = useListTop(listRef);
  const virtualizer = useWindowVirtualizer({
    count: items.length,
    estimateSize: () => estimate + GAP,
    overscan: OVERSCAN,
    scrollMargin: offset,
    useFlushSync: false,
    getItemKey: (index) => (items[index] ? itemKey(items[index]) : index),
  });
  const scrollIndex =
    scrollToKey === undefined ? -1 : items.findIndex((item) => itemKey(item) === scrollToKey);
  // Once per key: rows added above it later do not pull the reader back to it.
  const shown = useRef<string>(undefined);
  useEffect(() => {
    if (scrollIndex < 0 || shown.current === scrollToKey) return;
    shown.current = scrollToKey;
    virtualizer.scrollToIndex(scrollIndex, { align: 'auto' });
  }, [scrollIndex, scrollToKey, virtualizer]);
  return (
    <div ref={listRef} style={{ position: 'relative', height: virtualizer.getTotalSize() }}>
      {virtualizer.getVirtualItems().map((row) => {
        const item = items[row.index];
        if (item === undefined) return null;
        return (
          <Row
            key={row.key}
            index={row.index}
            top={row.start - offset}
            measure={virtualizer.measureElement}
            item={item}
            renderItem={renderItem}
          />
        );
      })}
    </div>
  );
}

interface RowProps<T> {
  index: number;
  top: number;
  measure(element: HTMLElement | null): void;
  item: T;
  renderItem(item: T): ReactNode;
}

/** One positioned row; drawn again only when its place, its item or the way to draw it changes. */
const Row = memo(function Row<T>({ index, top, measure, item, renderItem }: RowProps<T>) {
  return (
    <div
      data-index={index}
      ref={measure}
      style={{
        position: 'absolute',
        top: 0,
        left: 0,
        width: '100%',
        paddingBottom: GAP,
        transform: `translateY(${top}px)`,
        // A card's own layout never moves the other rows: each is measured on its own.
        contain: 'layout style',
      }}
    >
      {renderItem(item)}
    </div>
  );
}) as <T>(props: RowProps<T>) => ReactNode;
