/** The product's value sets (seed data and the upload pages carry the same urls). */
const PRODUCT_FHIR_BASE = 'https://carequeue.example.org/fhir';
export const TASK_TYPE_VALUESET_URL = `${PRODUCT_FHIR_BASE}/ValueSet/task-type`;
export const BUSINESS_STATUS_VALUESET_URL = `${PRODUCT_FHIR_BASE}/ValueSet/business-status`;
export const PRACTITIONER_ROLE_VALUESET_URL = `${PRODUCT_FHIR_BASE}/ValueSet/practitioner-role`;

/** Touch targets on tablets are at least this tall (DESIGN.md). */
export const TOUCH_HEIGHT = 44;

/** Styles that make a Mantine input a comfortable touch target. */
export const TOUCH_INPUT_STYLES = { input: { minHeight: TOUCH_HEIGHT } } as const;
