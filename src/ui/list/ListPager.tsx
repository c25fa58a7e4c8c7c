import { Group, Pagination, Text } from '@mantine/core';

export interface ListPagerProps {
  /** Index of the first row of the page. */
  offset: number;
  /** Rows per page. */
  count: number;
  /** Rows on this page. */
  shown: number;
  /** Rows of the whole list. */
  total: number;
  onOffset: (offset: number) => void;
}

const CONTROL_LABELS: Record<string, string> = {
  first: 'First page',
  previous: 'Previous page',
  next: 'Next page',
  last: 'Last page',
};

/** The count display ('21–40 of 57') and the pager of a list, with touch-sized controls. */
export function ListPager({ offset, count, shown, total, onOffset }: ListPagerProps) {
  const pages = Math.max(1, Math.ceil(total / count));
  const page = Math.min(pages, Math.floor(offset / count) + 1);
  const first = shown === 0 ? 0 : offset + 1;
  return (
    <Group justify="space-between" wrap="wrap" gap="sm">
      <Text size="sm" c="dimmed" aria-label="Count">
        {first}–{offset + shown} of {total}
      </Text>
      {pages > 1 && (
        <Pagination
          size="xl"
          total={pages}
          value={page}
          siblings={1}
          onChange={(next) => onOffset((next - 1) * count)}
          getControlProps={(control) => ({ 'aria-label': CONTROL_LABELS[control] ?? control })}
          getItemProps={(item) => ({ 'aria-label': `Page ${item}` })}
          aria-label="Pages"
        />
      )}
    </Group>
  );
}
