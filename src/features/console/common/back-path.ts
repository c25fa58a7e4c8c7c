/** The search parameter that names the page an action returns to ('/DiagnosticReport/1/timeline'). */
export const BACK_PARAMETER = 'back';

/**
 * The page of this app a search string asks to return to, or undefined. Only a path of this app
 * counts (one leading slash, no scheme, no second slash that would name another host), so a link
 * cannot send the user elsewhere after an action.
 */
export function backPath(searchStr: string): string | undefined {
  const back = new URLSearchParams(searchStr).get(BACK_PARAMETER);
  if (!back || !back.startsWith('/') || back.startsWith('//') || back.includes('\\')) return undefined;
  return back;
}

/** The href of a page that returns to `back` when its action is done. */
export function withBack(path: string, back: string): string {
  return `${path}?${new URLSearchParams({ [BACK_PARAMETER]: back }).toString()}`;
}
