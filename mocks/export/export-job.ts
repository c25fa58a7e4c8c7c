import type { Binary, Group, Resource } from '@medplum/fhirtypes';
import type { FhirEngine } from '../engine';
import { badRequest, notFound } from '../engine/outcome';
import { isKnownResourceType } from '../engine/resource-types';

/** What an export asks for: which resources, of which types, changed since when. */
export interface ExportRequest {
  /** The kickoff URL, as the manifest repeats it. */
  request: string;
  /** Resource types to export; every type the project holds when absent. */
  types?: string[];
  /** Only resources changed at or after this instant (ISO). */
  since?: string;
  /** Patient-level and group-level exports: the patients whose compartments are exported. */
  patients?: 'all' | string[];
}

/** A job's state, kept in the project as a Binary so that it outlives a restart of the server. */
export interface ExportJobState extends ExportRequest {
  id: string;
  transactionTime: string;
  status: 'in-progress' | 'completed' | 'cancelled';
  output?: { type: string; url: string; count: number }[];
}

/** The content type that marks a Binary as an export job's state (never one of its outputs). */
export const JOB_STATE_CONTENT_TYPE = 'application/vnd.carequeue.export-job+json';
export const NDJSON = 'application/fhir+ndjson';

/** Types never exported: the files of earlier exports and other uploads. */
const NOT_EXPORTED = new Set(['Binary']);

/** Reads _type and _since (from the query, or a Parameters body as the Bulk Data spec allows). */
export function readExportParameters(
  query: URLSearchParams,
  body: unknown
): Pick<ExportRequest, 'types' | 'since'> {
  const params = new URLSearchParams(query);
  const parameters = (body as { resourceType?: string; parameter?: unknown } | undefined)?.parameter;
  if (
    (body as { resourceType?: string } | undefined)?.resourceType === 'Parameters' &&
    Array.isArray(parameters)
  ) {
    for (const parameter of parameters as {
      name?: unknown;
      valueString?: unknown;
      valueInstant?: unknown;
    }[]) {
      const value = parameter.valueString ?? parameter.valueInstant;
      if (typeof parameter.name === 'string' && typeof value === 'string')
        params.append(parameter.name, value);
    }
  }
  const format = params.get('_outputFormat');
  if (format && !['application/fhir+ndjson', 'application/ndjson', 'ndjson'].includes(format)) {
    throw badRequest(
      `Export output format '${format}' is not supported; use application/fhir+ndjson`,
      '_outputFormat'
    );
  }
  const types = params
    .getAll('_type')
    .flatMap((value) => value.split(','))
    .map((type) => type.trim())
    .filter(Boolean);
  for (const type of types) {
    if (!isKnownResourceType(type)) throw badRequest(`Unknown resource type '${type}' in _type`, '_type');
  }
  const sinceText = params.get('_since');
  let since: string | undefined;
  if (sinceText !== null) {
    const time = Date.parse(sinceText);
    if (sinceText.trim() === '' || Number.isNaN(time)) {
      throw badRequest(
        `_since must be an instant, such as 2024-01-01T00:00:00Z, not '${sinceText}'`,
        '_since'
      );
    }
    since = new Date(time).toISOString();
  }
  return { types: types.length > 0 ? [...new Set(types)] : undefined, since };
}

/** The patients of a Group: its members that are Patients. 404 when the group does not exist. */
export function groupPatients(engine: FhirEngine, projectId: string, groupId: string): string[] {
  const group = engine.readResource(projectId, 'Group', groupId) as Group | undefined;
  if (!group) throw notFound(`Group/${groupId} not found`);
  return (group.member ?? [])
    .map((member) => member.entity?.reference ?? '')
    .filter((reference) => reference.startsWith('Patient/'))
    .map((reference) => reference.slice('Patient/'.length));
}

/** The resources of one type that the export takes, in the order the project holds them. */
export function exportedResources(
  engine: FhirEngine,
  projectId: string,
  job: ExportRequest,
  type: string
): Resource[] {
  const taken: Resource[] = [];
  const patients = job.patients === 'all' || job.patients === undefined ? undefined : new Set(job.patients);
  for (const resource of engine.currentResources(projectId, [type])) {
    if (job.since && (resource.meta?.lastUpdated ?? '') < job.since) continue;
    if (job.patients !== undefined && !inPatientCompartment(resource, job.patients === 'all', patients))
      continue;
    taken.push(resource);
  }
  return taken;
}

/** The types an export walks through: those asked for, or every type the project holds. */
export function exportedTypes(engine: FhirEngine, projectId: string, job: ExportRequest): string[] {
  if (job.types) return job.types.filter((type) => !NOT_EXPORTED.has(type));
  const types = new Set<string>();
  for (const resource of engine.currentResources(projectId)) types.add(resource.resourceType);
  return [...types].filter((type) => !NOT_EXPORTED.has(type)).sort();
}

/**
 * A patient's compartment, as an export sees it: the patient, and any resource whose references
 * name one of the patients (any patient at all for a Patient-level export).
 */
function inPatientCompartment(
  resource: Resource,
  anyPatient: boolean,
  patients: Set<string> | undefined
): boolean {
  if (resource.resourceType === 'Patient') return anyPatient || Boolean(patients?.has(resource.id ?? ''));
  return refersToPatient(resource, anyPatient, patients);
}

function refersToPatient(value: unknown, anyPatient: boolean, patients: Set<string> | undefined): boolean {
  if (Array.isArray(value)) return value.some((item) => refersToPatient(item, anyPatient, patients));
  if (typeof value !== 'object' || value === null) return false;
  for (const [key, item] of Object.entries(value)) {
    if (key === 'reference' && typeof item === 'string' && item.startsWith('Patient/')) {
      if (anyPatient || patients?.has(item.slice('Patient/'.length))) return true;
    } else if (typeof item === 'object' && refersToPatient(item, anyPatient, patients)) {
      return true;
    }
  }
  return false;
}

/** A Binary holding text (NDJSON or a job's JSON state), base64 of its UTF-8 bytes. */
export function textBinary(id: string, contentType: string, text: string): Binary {
  return { resourceType: 'Binary', id, contentType, data: base64(new TextEncoder().encode(text)) };
}

/** The text a Binary made by textBinary holds. */
export function binaryText(binary: Binary): string {
  const raw = atob(binary.data ?? '');
  const bytes = new Uint8Array(raw.length);
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return new TextDecoder().decode(bytes);
}

function base64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return btoa(binary);
}
