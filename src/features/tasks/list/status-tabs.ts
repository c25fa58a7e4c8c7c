/** The Active and Completed tabs of the task list as URL query changes. */
export type StatusTab = 'active' | 'completed';

export function currentTab(params: URLSearchParams): StatusTab {
  return params.get('status') === 'completed' ? 'completed' : 'active';
}

/** The query of another tab: the same filters with the status filter of the tab, from its first page. */
export function withTab(params: URLSearchParams, tab: StatusTab): URLSearchParams {
  const next = new URLSearchParams(
    [...params].filter(([name]) => name !== 'status' && name !== 'status:not' && name !== '_offset')
  );
  if (tab === 'active') next.append('status:not', 'completed');
  else next.append('status', 'completed');
  return next;
}

/** The query the list reads: a list without a status filter shows the Active tab. */
export function effectiveQuery(params: URLSearchParams, tabsShown: boolean): URLSearchParams {
  if (!tabsShown || params.has('status') || params.has('status:not')) return params;
  const active = new URLSearchParams(params);
  active.append('status:not', 'completed');
  return active;
}
