/** The tabs of a resource page, in order: DiagnosticReport opens on its Report. */
export function resourceTabs(resourceType: string): string[] {
  const common = ['details', 'timeline', 'history'];
  return resourceType === 'DiagnosticReport' ? ['report', ...common] : common;
}

export function tabLabel(tab: string): string {
  return tab.charAt(0).toUpperCase() + tab.slice(1);
}
