/** The codes the bots write into tasks (the same as the seed data and the app use). */
export const SNOMED_SYSTEM = 'http://snomed.info/sct';
const PRODUCT_FHIR_BASE = 'https://carequeue.example.org/fhir';
export const TASK_TYPE_SYSTEM = `${PRODUCT_FHIR_BASE}/CodeSystem/task-type`;
export const BUSINESS_STATUS_SYSTEM = `${PRODUCT_FHIR_BASE}/CodeSystem/business-status`;

export const DOCTOR = { system: SNOMED_SYSTEM, code: '158965000', display: 'Doctor' };
export const CARE_COORDINATOR = { system: SNOMED_SYSTEM, code: '768820003', display: 'Care Coordinator' };

/** A task type as Task.code: coding of the product's task-type system plus its text. */
export function taskCode(code: string, display: string) {
  return { coding: [{ system: TASK_TYPE_SYSTEM, code, display }], text: display };
}

/** Every new task starts in business status 'Ready'. */
export const READY_BUSINESS_STATUS = {
  coding: [{ system: BUSINESS_STATUS_SYSTEM, code: 'ready', display: 'Ready' }],
  text: 'Ready',
};
