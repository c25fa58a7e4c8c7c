/** The codes the bots write into tasks (the same as the seed data and the app use). */
import { BUSINESS_STATUS_SYSTEM, ROLES, SNOMED_SYSTEM, TASK_TYPE_SYSTEM } from '../src/fhir/product-codes';

export { BUSINESS_STATUS_SYSTEM, SNOMED_SYSTEM, TASK_TYPE_SYSTEM };

export const DOCTOR = { system: SNOMED_SYSTEM, ...ROLES.doctor };
export const CARE_COORDINATOR = { system: SNOMED_SYSTEM, ...ROLES.careCoordinator };

/** A task type as Task.code: coding of the product's task-type system plus its text. */
export function taskCode(code: string, display: string) {
  return { coding: [{ system: TASK_TYPE_SYSTEM, code, display }], text: display };
}

/** Every new task starts in business status 'Ready'. */
export const READY_BUSINESS_STATUS = {
  coding: [{ system: BUSINESS_STATUS_SYSTEM, code: 'ready', display: 'Ready' }],
  text: 'Ready',
};
