/**
 * The tabs of a resource page, in order: DiagnosticReport opens on its Report, Patient on its
 * Summary, Questionnaire on its Form.
 */
export function resourceTabs(resourceType: string): string[] {
  const common = ['details', 'timeline', 'history'];
  if (resourceType === 'Patient') return ['summary', ...common];
  if (resourceType === 'Questionnaire') return ['form', ...common];
  return resourceType === 'DiagnosticReport' ? ['report', ...common] : common;
}

export function tabLabel(tab: string): string {
  return tab.charAt(0).toUpperCase() + tab.slice(1);
}
