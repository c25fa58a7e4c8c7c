/** The product's value sets (seed data and the upload pages carry the same urls). */
export {
  BUSINESS_STATUS_VALUESET_URL,
  PRACTITIONER_ROLE_VALUESET_URL,
  TASK_TYPE_VALUESET_URL,
} from '@/fhir/product-codes';

/** Touch targets on tablets are at least this tall (DESIGN.md). */
export const TOUCH_HEIGHT = 44;

/** Styles that make a Mantine input a comfortable touch target. */
export const TOUCH_INPUT_STYLES = { input: { minHeight: TOUCH_HEIGHT } } as const;
