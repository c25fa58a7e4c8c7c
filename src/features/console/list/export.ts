import { convertToTransactionBundle } from '@medplum/core';
import type { Bundle, Resource } from '@medplum/fhirtypes';
import Papa from 'papaparse';
import type { ResourceColumn } from './columns';

/** The most records one export holds. */
export const EXPORT_LIMIT = 1000;

export type ExportFormat = 'csv' | 'transaction';

/**
 * The resources as CSV: a header of the column headings (ID first when the columns lack it), one row
 * each. A cell starting with = + - @ is escaped so a spreadsheet shows it as text, not a formula.
 */
export function exportCsv(resources: readonly Resource[], columns: readonly ResourceColumn[]): string {
  const withId = columns.some((column) => column.field === 'id')
    ? columns
    : [{ field: 'id', heading: 'ID', value: (resource: Resource) => resource.id ?? '' }, ...columns];
  return Papa.unparse(
    {
      fields: withId.map((column) => column.heading),
      data: resources.map((resource) => withId.map((column) => column.value(resource))),
    },
    { escapeFormulae: true, newline: '\r\n' }
  );
}

/**
 * The resources as a transaction Bundle another server can take: each one created anew (POST), and
 * references between them rewritten to the new entries.
 */
export function exportTransactionBundle(resources: readonly Resource[]): Bundle {
  return convertToTransactionBundle({
    resourceType: 'Bundle',
    type: 'searchset',
    entry: resources.map((resource) => ({
      fullUrl: `${resource.resourceType}/${resource.id ?? ''}`,
      resource,
    })),
  });
}

/** The file name and content of an export. */
export function exportFile(
  resourceType: string,
  format: ExportFormat,
  resources: readonly Resource[],
  columns: readonly ResourceColumn[]
): { name: string; type: string; text: string } {
  if (format === 'csv') {
    return { name: `${resourceType}.csv`, type: 'text/csv', text: exportCsv(resources, columns) };
  }
  return {
    name: `${resourceType}.json`,
    type: 'application/fhir+json',
    text: JSON.stringify(exportTransactionBundle(resources), null, 2),
  };
}

/** Saves text as a file through the browser's download. */
export function downloadText(name: string, type: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.appendChild(link);
  link.click();
  link.remove();
  // The browser has taken the file once the click's task ran.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
