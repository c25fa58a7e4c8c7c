/** Fixed identifiers and URLs of the seed data that the rest of the fake server and the tests rely on. */

export const MAIN_PROJECT_ID = 'project-carequeue-demo';
export const MAIN_PROJECT_NAME = 'CareQueue Demo';
export const RIVERSIDE_PROJECT_ID = 'project-riverside-clinic';
export const RIVERSIDE_PROJECT_NAME = 'Riverside Clinic';

/** Every demo user signs in with this password. */
export const SEED_PASSWORD = 'password';
/** The one-time code that mfa@example.com must enter after the password. */
export const DEMO_MFA_CODE = '123456';

/** Practitioner ids of the demo users. */
export const ALICE_SMITH_ID = 'practitioner-alice-smith';
export const BOB_JONES_ID = 'practitioner-bob-jones';
export const CAROL_WHITE_ID = 'practitioner-carol-white';
/** Carol White's second profile, in the Riverside Clinic project. */
export const CAROL_WHITE_RIVERSIDE_ID = 'riverside-practitioner-carol-white';
export const DAN_BROWN_ID = 'practitioner-dan-brown';

/** Code systems. */
export const SNOMED_SYSTEM = 'http://snomed.info/sct';
export const LOINC_SYSTEM = 'http://loinc.org';
export const UCUM_SYSTEM = 'http://unitsofmeasure.org';
/** States of licensure and patient addresses are coded with the postal service's two-letter codes. */
export const STATE_SYSTEM = 'https://www.usps.com/';
export const SSN_SYSTEM = 'http://hl7.org/fhir/sid/us-ssn';
export const NPI_SYSTEM = 'http://hl7.org/fhir/sid/us-npi';
export const IDENTIFIER_TYPE_SYSTEM = 'http://terminology.hl7.org/CodeSystem/v2-0203';
export const DEGREE_SYSTEM = 'http://terminology.hl7.org/CodeSystem/v2-0360';
export const DIAGNOSTIC_SERVICE_SYSTEM = 'http://terminology.hl7.org/CodeSystem/v2-0074';
export const OBSERVATION_CATEGORY_SYSTEM = 'http://terminology.hl7.org/CodeSystem/observation-category';
export const INTERPRETATION_SYSTEM = 'http://terminology.hl7.org/CodeSystem/v3-ObservationInterpretation';
export const QUALIFICATION_EXTENSION_URL =
  'http://hl7.org/fhir/us/davinci-pdex-plan-net/StructureDefinition/practitioner-qualification';

/** The product's own code systems and value sets. */
const PRODUCT_FHIR_BASE = 'https://carequeue.example.org/fhir';
export const TASK_TYPE_SYSTEM = `${PRODUCT_FHIR_BASE}/CodeSystem/task-type`;
export const BUSINESS_STATUS_SYSTEM = `${PRODUCT_FHIR_BASE}/CodeSystem/business-status`;
export const MRN_SYSTEM = `${PRODUCT_FHIR_BASE}/sid/mrn`;
export const LAB_ACCESSION_SYSTEM = `${PRODUCT_FHIR_BASE}/sid/lab-accession`;
export const BUSINESS_STATUS_VALUESET_URL = `${PRODUCT_FHIR_BASE}/ValueSet/business-status`;
export const PRACTITIONER_ROLE_VALUESET_URL = `${PRODUCT_FHIR_BASE}/ValueSet/practitioner-role`;
export const TASK_TYPE_VALUESET_URL = `${PRODUCT_FHIR_BASE}/ValueSet/task-type`;

/** Where the example driver's license images live (a reserved example domain). */
export const LICENSE_IMAGE_BASE_URL = 'https://images.carequeue.example.org/drivers-license';
