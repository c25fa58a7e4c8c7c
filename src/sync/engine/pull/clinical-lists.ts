import type { Resource } from '@medplum/fhirtypes';
import type { ReplicaTransaction } from '@/db/types';
import { clinicalPatientOf } from '@/fhir/clinical-rules';
import { withQuery } from '@/sync/fhir/fhir-client';
import type { SyncContext } from '@/sync/engine/context';
import { Newest } from './newest';
import { allOf, followTypes, ID_CHUNK, readTogether, store } from './pull-shared';

/** The ids of the queue patients whose clinical lists the replica holds (kept current by deltas). */
export const META_CLINICAL_PATIENTS = 'clinicalPatients';

/** The most clinical list entries stored in one transaction. */
export const CLINICAL_STORE_CHUNK = 200;

/** The clinical resources a patient summary lists, each with the search parameter naming the patient. */
const CLINICAL_SEARCHES: { type: string; patient: string; params?: Record<string, string> }[] = [
  { type: 'AllergyIntolerance', patient: 'patient' },
  { type: 'Condition', patient: 'subject' },
  { type: 'MedicationRequest', patient: 'subject' },
  // Smoking status and vital signs only: lab results are read with their reports.
  { type: 'Observation', patient: 'subject', params: { category: 'social-history,vital-signs' } },
];

export const CLINICAL_TYPES = CLINICAL_SEARCHES.map((search) => search.type);

const LISTED_CATEGORIES = ['social-history', 'vital-signs'];

/** The patient a clinical list entry belongs to ('Patient/1'), if it is one the summary lists. */
export function listedPatientOf(resource: Resource): string | undefined {
  if (!CLINICAL_TYPES.includes(resource.resourceType)) return undefined;
  if (resource.resourceType === 'Observation') {
    const listed = resource.category?.some((category) =>
      category.coding?.some((coding) => LISTED_CATEGORIES.includes(coding.code ?? ''))
    );
    if (!listed) return undefined;
  }
  return clinicalPatientOf(resource);
}

/**
 * Which changed resources the server reports belong in the replica because they are on the clinical
 * list of a queue patient (a new allergy of a patient whose lists the device holds): the held
 * patients are read once for a whole delta.
 */
export async function queuePatientEntries(tx: ReplicaTransaction): Promise<(resource: Resource) => boolean> {
  const held = new Set((await tx.getMeta<string[]>(META_CLINICAL_PATIENTS)) ?? []);
  return (resource) => {
    const patient = listedPatientOf(resource);
    return !!patient?.startsWith('Patient/') && held.has(patient.slice('Patient/'.length));
  };
}

/** The held patients the synced tasks are for ('Task.for'), as ids. */
async function queuePatients(tx: ReplicaTransaction): Promise<string[]> {
  const withTasks = new Set(await tx.patientsWithTasks());
  const ids: string[] = [];
  for (const key of await tx.keysOfType('Patient')) {
    if (withTasks.has(key)) ids.push(key.slice('Patient/'.length));
  }
  return ids;
}

/** The searches for the clinical lists of some patients, 50 patients a search. */
export function clinicalListQueries(patientIds: string[], count: number): string[] {
  const urls: string[] = [];
  for (let i = 0; i < patientIds.length; i += ID_CHUNK) {
    const patients = patientIds
      .slice(i, i + ID_CHUNK)
      .map((id) => `Patient/${id}`)
      .join(',');
    for (const search of CLINICAL_SEARCHES) {
      urls.push(withQuery(search.type, { [search.patient]: patients, ...search.params, _count: count }));
    }
  }
  return urls;
}

/** The clinical lists read for the patients of the synced tasks, not stored yet. */
export interface ClinicalListsRead {
  /** The queue patients whose lists were asked for. */
  wanted: string[];
  /** The patients whose lists the replica held before. */
  held: string[];
  /** Every entry the searches found. */
  found: Resource[];
  /** A search the server refused: its patients are left to the next run. */
  refused: boolean;
}

/**
 * Reads the clinical lists (allergies, problems, medications, smoking status, vital signs) of the
 * patients of the synced tasks that the replica does not hold yet, so each patient summary is there
 * offline without having been opened online: each patient once, in one batch for all new patients.
 * Undefined when every queue patient's lists are held. Runs after the tasks are stored, never before
 * the first rows; storeClinicalLists stores what it read.
 */
export async function readClinicalLists(context: SyncContext): Promise<ClinicalListsRead | undefined> {
  const { wanted, held } = await context.replica.transaction(async (tx) => {
    const done = (await tx.getMeta<string[]>(META_CLINICAL_PATIENTS)) ?? [];
    const patients = await queuePatients(tx);
    return { wanted: patients.filter((id) => !done.includes(id)), held: done };
  });
  if (wanted.length === 0) return undefined;
  const answers = await readTogether(context, clinicalListQueries(wanted, context.pageSize));
  const found: Resource[] = [];
  let refused = false;
  for (const answer of answers) {
    if (answer instanceof Error || answer.resourceType !== 'Bundle') {
      refused = true;
      continue;
    }
    found.push(...(await allOf(context, answer)));
  }
  return { wanted, held, found, refused };
}

/**
 * Stores the clinical lists read, each patient's entries together, in parts: a task opened meanwhile
 * is read between two parts, and once `interrupted` says another run is due (a change the server
 * announced) the store stops after the part under way, so the run that pulls it starts at once. The
 * first part is always stored, so a run interrupted every time still moves on. The patients stored
 * whole are kept, and their lists are followed by the deltas of their types from then on; the
 * others come in a later run.
 */
export async function storeClinicalLists(
  context: SyncContext,
  read: ClinicalListsRead,
  interrupted: () => boolean
): Promise<void> {
  const newest = new Newest();
  const stored: string[] = [];
  for (const [index, part] of patientParts(read.found, read.wanted).entries()) {
    if (index > 0 && interrupted()) break;
    await store(context, part.entries, newest);
    stored.push(...part.patients);
  }
  if (read.refused) return;
  await context.replica.transaction(async (tx) => {
    await followTypes(tx, CLINICAL_TYPES, newest);
    await tx.putMeta(META_CLINICAL_PATIENTS, [...read.held, ...stored]);
  });
}

/**
 * The entries grouped by patient, in parts of at most CLINICAL_STORE_CHUNK entries (a patient with
 * more has a part of its own); patients without entries, and entries of no wanted patient, go first.
 */
function patientParts(found: Resource[], wanted: string[]): { patients: string[]; entries: Resource[] }[] {
  const byPatient = new Map<string, Resource[]>(wanted.map((id) => [id, []]));
  const first: { patients: string[]; entries: Resource[] } = { patients: [], entries: [] };
  for (const entry of found) {
    const patient = listedPatientOf(entry)?.replace(/^Patient\//, '');
    const list = patient === undefined ? undefined : byPatient.get(patient);
    if (list) list.push(entry);
    else first.entries.push(entry);
  }
  const parts = [first];
  for (const [patient, entries] of byPatient) {
    if (entries.length === 0) {
      first.patients.push(patient);
      continue;
    }
    let last = parts[parts.length - 1] as (typeof parts)[number];
    if (last.entries.length > 0 && last.entries.length + entries.length > CLINICAL_STORE_CHUNK) {
      last = { patients: [], entries: [] };
      parts.push(last);
    }
    last.patients.push(patient);
    last.entries.push(...entries);
  }
  return parts;
}
