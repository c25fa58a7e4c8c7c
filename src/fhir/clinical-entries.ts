import type {
  AllergyIntolerance,
  CodeableConcept,
  Condition,
  MedicationRequest,
  Patient,
  Reference,
} from '@medplum/fhirtypes';
import type { ClinicalCode } from './clinical-codes';
import * as codes from './clinical-codes';
import { SNOMED_SYSTEM } from './product-codes';

export const ALLERGY_CLINICAL_SYSTEM = 'http://terminology.hl7.org/CodeSystem/allergyintolerance-clinical';
export const CONDITION_CLINICAL_SYSTEM = 'http://terminology.hl7.org/CodeSystem/condition-clinical';
export const CONDITION_CATEGORY_SYSTEM = 'http://terminology.hl7.org/CodeSystem/condition-category';

/** The clinical statuses FHIR R4 binds (required) for each resource. */
export const ALLERGY_STATUSES = ['active', 'inactive', 'resolved'] as const;
export const CONDITION_STATUSES = [
  'active',
  'recurrence',
  'relapse',
  'inactive',
  'remission',
  'resolved',
] as const;
export const MEDICATION_STATUSES = ['active', 'stopped'] as const;

/** A concept as the user typed or picked it: coded when the text names a known code, else text only. */
export function conceptFrom(
  text: string,
  known: readonly ClinicalCode[],
  system: string
): CodeableConcept | undefined {
  const trimmed = text.trim();
  if (!trimmed) return undefined;
  const match = known.find((item) => item.display.toLowerCase() === trimmed.toLowerCase());
  return match
    ? { coding: [{ system, code: match.code, display: match.display }], text: match.display }
    : { text: trimmed };
}

/** The words of a concept: its text, else its first coding's display or code. */
export function conceptText(concept: CodeableConcept | undefined): string {
  const coding = concept?.coding?.[0];
  return concept?.text ?? coding?.display ?? coding?.code ?? '';
}

const statusConcept = (system: string, code: string): CodeableConcept => ({
  coding: [{ system, code, display: code.charAt(0).toUpperCase() + code.slice(1) }],
});

/** The status code of a clinical status concept in its system. */
export function statusCode(concept: CodeableConcept | undefined, system: string): string {
  return concept?.coding?.find((coding) => coding.system === system)?.code ?? '';
}

/** Puts `value` at `key`, or removes the key when the value is empty: no empty elements in FHIR. */
function setOrDrop<T extends object, K extends keyof T>(target: T, key: K, value: T[K] | undefined): void {
  if (value === undefined || value === '') delete target[key];
  else target[key] = value;
}

/** What the allergy and problem dialogs share: the coded entry, its clinical status and onset. */
export interface CodedEntryForm {
  code: string;
  clinicalStatus: string;
  /** A date or dateTime; empty when unknown. */
  onset: string;
}

export type AllergyForm = CodedEntryForm & { reaction: string };
export type ConditionForm = CodedEntryForm;

/** The shared fields of an allergy or condition; a new entry starts active. */
function codedEntryForm(
  entry: { code?: CodeableConcept; clinicalStatus?: CodeableConcept; onsetDateTime?: string } | undefined,
  statusSystem: string
): CodedEntryForm {
  return {
    code: conceptText(entry?.code),
    clinicalStatus: statusCode(entry?.clinicalStatus, statusSystem) || 'active',
    onset: entry?.onsetDateTime ?? '',
  };
}

/** Named, with a clinical status the resource's required binding allows. */
function codedEntryComplete(form: CodedEntryForm, statuses: readonly string[]): boolean {
  return form.code.trim() !== '' && statuses.includes(form.clinicalStatus);
}

export function allergyForm(allergy?: AllergyIntolerance): AllergyForm {
  const reaction = conceptText(allergy?.reaction?.[0]?.manifestation[0]);
  return { ...codedEntryForm(allergy, ALLERGY_CLINICAL_SYSTEM), reaction };
}

/** Complete when it names a substance and a known clinical status. */
export function allergyComplete(form: AllergyForm): boolean {
  return codedEntryComplete(form, ALLERGY_STATUSES);
}

/**
 * The allergy the form describes, over `before` when editing (its other elements kept). The first
 * reaction's manifestation is the one the form edits; a reaction without one is dropped.
 */
export function allergyResource(
  form: AllergyForm,
  patient: Reference<Patient>,
  before?: AllergyIntolerance
): AllergyIntolerance {
  const allergy: AllergyIntolerance = { ...(before ?? { resourceType: 'AllergyIntolerance', patient }) };
  setOrDrop(allergy, 'code', conceptFrom(form.code, codes.ALLERGY_CODES, SNOMED_SYSTEM));
  allergy.clinicalStatus = statusConcept(ALLERGY_CLINICAL_SYSTEM, form.clinicalStatus);
  setOrDrop(allergy, 'onsetDateTime', form.onset.trim());
  const manifestation = conceptFrom(form.reaction, codes.REACTION_CODES, SNOMED_SYSTEM);
  const reactions = [...(before?.reaction ?? [])];
  if (manifestation) reactions[0] = { ...reactions[0], manifestation: [manifestation] };
  else reactions.shift();
  setOrDrop(allergy, 'reaction', reactions.length > 0 ? reactions : undefined);
  return allergy;
}

export function conditionForm(condition?: Condition): ConditionForm {
  return codedEntryForm(condition, CONDITION_CLINICAL_SYSTEM);
}

/** A problem needs its name, a known clinical status and its onset. */
export function conditionComplete(form: ConditionForm): boolean {
  return codedEntryComplete(form, CONDITION_STATUSES) && form.onset.trim() !== '';
}

/** The condition the form describes, on the patient's problem list. */
export function conditionResource(
  form: ConditionForm,
  patient: Reference<Patient>,
  before?: Condition
): Condition {
  const condition: Condition = {
    ...(before ?? {
      resourceType: 'Condition',
      subject: patient,
      category: [
        {
          coding: [
            { system: CONDITION_CATEGORY_SYSTEM, code: 'problem-list-item', display: 'Problem List Item' },
          ],
        },
      ],
    }),
  };
  setOrDrop(condition, 'code', conceptFrom(form.code, codes.CONDITION_CODES, SNOMED_SYSTEM));
  condition.clinicalStatus = statusConcept(CONDITION_CLINICAL_SYSTEM, form.clinicalStatus);
  condition.onsetDateTime = form.onset.trim();
  return condition;
}

export interface MedicationForm {
  medication: string;
  status: string;
}

export function medicationForm(request?: MedicationRequest): MedicationForm {
  return { medication: conceptText(request?.medicationCodeableConcept), status: request?.status ?? '' };
}

/** A medication needs its name and a status, active or stopped. */
export function medicationComplete(form: MedicationForm): boolean {
  return form.medication.trim() !== '' && (MEDICATION_STATUSES as readonly string[]).includes(form.status);
}

/** The medication request the form describes: always an order. */
export function medicationResource(
  form: MedicationForm,
  patient: Reference<Patient>,
  before?: MedicationRequest
): MedicationRequest {
  const request: MedicationRequest = {
    ...(before ?? { resourceType: 'MedicationRequest', subject: patient, status: 'active', intent: 'order' }),
  };
  request.status = form.status as MedicationRequest['status'];
  request.intent = 'order';
  const medication = conceptFrom(form.medication, codes.MEDICATION_CODES, codes.RXNORM_SYSTEM);
  if (medication) request.medicationCodeableConcept = medication;
  return request;
}
