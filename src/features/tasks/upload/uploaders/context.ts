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

/**
 * A transaction with a conditional entry needs strict isolation, which a real Medplum server grants
 * only to transactions of at most this many entries.
 */
export const MAX_STRICT_TRANSACTION_ENTRIES = 8;

/**
 * Sends a transaction as a real server accepts it: when it is too long for strict isolation, its
 * conditional entries go first in transactions of at most MAX_STRICT_TRANSACTION_ENTRIES, and the
 * rest follow in one plain transaction whose references to them name what they created or found.
 * Answers one response bundle, entries in the order given. Conditional entries must not refer to the
 * others (patients before the tasks about them).
 */
export async function executeTransaction(context: UploadContext, bundle: Bundle): Promise<Bundle> {
  const entries = bundle.entry ?? [];
  const conditional = entries.filter(isConditional);
  if (entries.length <= MAX_STRICT_TRANSACTION_ENTRIES || conditional.length === 0) {
    return executeBundle(context, bundle);
  }
  const answers = new Map<BundleEntry, BundleEntry>();
  const resolved = new Map<string, string>();
  for (let start = 0; start < conditional.length; start += MAX_STRICT_TRANSACTION_ENTRIES) {
    const part = conditional.slice(start, start + MAX_STRICT_TRANSACTION_ENTRIES);
    const response = await executeBundle(context, {
      resourceType: 'Bundle',
      type: 'transaction',
      entry: part,
    });
    part.forEach((entry, index) => {
      const answer = response.entry?.[index] ?? {};
      answers.set(entry, answer);
      const reference = referenceOf(answer);
      if (entry.fullUrl && reference) resolved.set(entry.fullUrl, reference);
    });
  }
  const rest = entries.filter((entry) => !isConditional(entry));
  const response = await executeBundle(context, {
    resourceType: 'Bundle',
    type: 'transaction',
    entry: rest.map((entry) => replaceReferences(entry, resolved)),
  });
  rest.forEach((entry, index) => answers.set(entry, response.entry?.[index] ?? {}));
  return {
    resourceType: 'Bundle',
    type: 'transaction-response',
    entry: entries.map((entry) => answers.get(entry) ?? {}),
  };
}

/** A conditional create (ifNoneExist), or an update or delete addressed by a search. */
function isConditional(entry: BundleEntry): boolean {
  const { method, url = '', ifNoneExist } = entry.request ?? {};
  return method === 'POST'
    ? Boolean(ifNoneExist)
    : (method === 'PUT' || method === 'DELETE') && url.includes('?');
}

/** 'Patient/123' for an entry the server created or found, from its resource or its Location. */
function referenceOf(answer: BundleEntry): string | undefined {
  const { resource } = answer;
  if (resource?.resourceType && resource.id) return `${resource.resourceType}/${resource.id}`;
  const [type, id] = (answer.response?.location ?? '').replace(/^.*\/fhir\/R4\//, '').split('/');
  return type && id ? `${type}/${id}` : undefined;
}

function replaceReferences(entry: BundleEntry, resolved: Map<string, string>): BundleEntry {
  if (resolved.size === 0) return entry;
  const text = JSON.stringify(entry).replace(/"(urn:uuid:[^"]+)"/g, (match, urn: string) => {
    const reference = resolved.get(urn);
    return reference ? JSON.stringify(reference) : match;
  });
  return JSON.parse(text) as BundleEntry;
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
