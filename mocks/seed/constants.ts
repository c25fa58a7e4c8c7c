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

/** The product's code systems and value set URLs, shared with the app. */
export {
  BUSINESS_STATUS_SYSTEM,
  BUSINESS_STATUS_VALUESET_URL,
  DEGREE_SYSTEM,
  LAB_ACCESSION_SYSTEM,
  LOINC_SYSTEM,
  MRN_SYSTEM,
  PRACTITIONER_ROLE_VALUESET_URL,
  QUALIFICATION_EXTENSION_URL,
  SNOMED_SYSTEM,
  STATE_SYSTEM,
  TASK_TYPE_SYSTEM,
  TASK_TYPE_VALUESET_URL,
  UCUM_SYSTEM,
} from '@/fhir/product-codes';

/** Code systems of the seed data only. */
export const SSN_SYSTEM = 'http://hl7.org/fhir/sid/us-ssn';
export const NPI_SYSTEM = 'http://hl7.org/fhir/sid/us-npi';

/** Where the example driver's license images live (a reserved example domain). */
export const LICENSE_IMAGE_BASE_URL = 'https://images.carequeue.example.org/drivers-license';
