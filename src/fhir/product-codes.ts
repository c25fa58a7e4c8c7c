/**
 * The product's codes, one definition for the app, the example data it uploads, the bots and the
 * fake server's seed: code systems, value set URLs, practitioner roles, task types, business
 * statuses and the states of licensure.
 */

export const SNOMED_SYSTEM = 'http://snomed.info/sct';
export const LOINC_SYSTEM = 'http://loinc.org';
export const UCUM_SYSTEM = 'http://unitsofmeasure.org';
/** States of licensure and patient addresses are coded with the postal service's two-letter codes. */
export const STATE_SYSTEM = 'https://www.usps.com/';
export const DEGREE_SYSTEM = 'http://terminology.hl7.org/CodeSystem/v2-0360';
export const QUALIFICATION_EXTENSION_URL =
  'http://hl7.org/fhir/us/davinci-pdex-plan-net/StructureDefinition/practitioner-qualification';

/** The product's own code systems, identifier systems and value sets. */
const PRODUCT_FHIR_BASE = 'https://carequeue.example.org/fhir';
export const TASK_TYPE_SYSTEM = `${PRODUCT_FHIR_BASE}/CodeSystem/task-type`;
export const BUSINESS_STATUS_SYSTEM = `${PRODUCT_FHIR_BASE}/CodeSystem/business-status`;
export const MRN_SYSTEM = `${PRODUCT_FHIR_BASE}/sid/mrn`;
export const LAB_ACCESSION_SYSTEM = `${PRODUCT_FHIR_BASE}/sid/lab-accession`;
export const BUSINESS_STATUS_VALUESET_URL = `${PRODUCT_FHIR_BASE}/ValueSet/business-status`;
export const PRACTITIONER_ROLE_VALUESET_URL = `${PRODUCT_FHIR_BASE}/ValueSet/practitioner-role`;
export const TASK_TYPE_VALUESET_URL = `${PRODUCT_FHIR_BASE}/ValueSet/task-type`;

/** The practitioner roles of the role value set, with their SNOMED CT occupation codes. */
export const ROLES = {
  doctor: { code: '158965000', display: 'Doctor' },
  nursePractitioner: { code: '224571005', display: 'Nurse Practitioner' },
  registeredNurse: { code: '224535009', display: 'Registered Nurse' },
  careCoordinator: { code: '768820003', display: 'Care Coordinator' },
  careTeamCoordinator: { code: '768821004', display: 'Care Team Coordinator' },
  /** SNOMED CT "Medical coder": the closest occupation to a billing specialist. */
  medicalBillingSpecialist: { code: '1251542004', display: 'Medical Billing Specialist' },
  /** SNOMED CT "Medical record administrator": the closest occupation to quality assurance staff. */
  qualityAssurance: { code: '56542007', display: 'Quality Assurance' },
  /** SNOMED CT "Physician assistant". */
  assistant: { code: '449161006', display: 'Assistant' },
} as const;

export type RoleKey = keyof typeof ROLES;

export const TASK_TYPES = {
  'respond-to-message': 'Respond to Message',
  'schedule-appointment': 'Schedule Appointment',
  'review-diagnostic-report': 'Review Diagnostic Report',
  'verify-drivers-license': "Verify Driver's License",
} as const;

export type TaskType = keyof typeof TASK_TYPES;

export const BUSINESS_STATUSES = {
  ready: 'Ready',
  'doctor-sign-off-needed': 'Doctor Sign-off Needed',
  'doctor-review-needed': 'Doctor Review Needed',
  'follow-up-needed': 'Follow-up Needed',
} as const;

export type BusinessStatus = keyof typeof BUSINESS_STATUSES;

export const STATES = { NY: 'New York', CA: 'California', TX: 'Texas' } as const;

export type StateCode = keyof typeof STATES;
