import type { Bundle, BundleEntry, OperationOutcome } from '@medplum/fhirtypes';
import type { FhirClient } from '@/ui';

/** What an upload runs with: the FHIR client (straight to the server), the user and the time. */
export interface UploadContext {
  fhir: FhirClient;
  /** The signed-in user's profile, e.g. 'Practitioner/123'; '' when unknown. */
  profile: string;
  /** Shown beside the profile reference, e.g. 'Alice Smith'. */
  profileName?: string;
  projectId: string;
  now: Date;
}

/** One upload: resolves with its success notices (the first now, a second one a second later). */
export type Uploader = (context: UploadContext) => Promise<string[]>;

/** POSTs a batch or transaction bundle to the FHIR base and answers the response bundle. */
export function executeBundle(context: UploadContext, bundle: Bundle): Promise<Bundle> {
  const api = context.fhir.api;
  return api.request<Bundle>('POST', api.fhirBaseUrl, {
    body: bundle,
    headers: { 'Content-Type': 'application/fhir+json' },
  });
}

/** An entry's outcome is acceptable when it succeeded (2xx) and its outcome holds no error. */
export function isAcceptable(entry: BundleEntry | undefined): boolean {
  const status = Number.parseInt(entry?.response?.status ?? '', 10);
  if (!(status >= 200 && status < 300)) return false;
  const outcome: OperationOutcome | undefined = entry?.response?.outcome;
  return (outcome?.issue ?? []).every(
    (issue) => issue.severity === 'information' || issue.severity === 'warning'
  );
}

/** Throws `message` unless every entry of the response was acceptable. */
export function requireAllAcceptable(response: Bundle, expected: number, message: string): void {
  const entries = response.entry ?? [];
  if (entries.length !== expected || !entries.every(isAcceptable)) throw new Error(message);
}

/** The id part of 'Practitioner/123' when it is of that type. */
export function idOfType(reference: string, type: string): string | undefined {
  return reference.startsWith(`${type}/`) ? reference.slice(type.length + 1) : undefined;
}

export function minutesFrom(now: Date, minutes: number): string {
  return new Date(now.getTime() + minutes * 60_000).toISOString();
}
