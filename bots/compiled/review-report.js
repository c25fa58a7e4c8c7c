// Built from bots/review-report.ts by `npx tsx mocks/bots/build-cli.ts`; do not edit.
'use strict';
var __defProp = Object.defineProperty;
var __getOwnPropDesc = Object.getOwnPropertyDescriptor;
var __getOwnPropNames = Object.getOwnPropertyNames;
var __hasOwnProp = Object.prototype.hasOwnProperty;
var __export = (target, all) => {
  for (var name in all) __defProp(target, name, { get: all[name], enumerable: true });
};
var __copyProps = (to, from, except, desc) => {
  if ((from && typeof from === 'object') || typeof from === 'function') {
    for (let key of __getOwnPropNames(from))
      if (!__hasOwnProp.call(to, key) && key !== except)
        __defProp(to, key, {
          get: () => from[key],
          enumerable: !(desc = __getOwnPropDesc(from, key)) || desc.enumerable,
        });
  }
  return to;
};
var __toCommonJS = (mod) => __copyProps(__defProp({}, '__esModule', { value: true }), mod);

// bots/review-report.ts
var review_report_exports = {};
__export(review_report_exports, {
  REVIEW_REPORT_ERROR: () => REVIEW_REPORT_ERROR,
  handler: () => handler,
});
module.exports = __toCommonJS(review_report_exports);

// src/fhir/product-codes.ts
var SNOMED_SYSTEM = 'http://snomed.info/sct';
var PRODUCT_FHIR_BASE = 'https://carequeue.example.org/fhir';
var TASK_TYPE_SYSTEM = `${PRODUCT_FHIR_BASE}/CodeSystem/task-type`;
var BUSINESS_STATUS_SYSTEM = `${PRODUCT_FHIR_BASE}/CodeSystem/business-status`;
var MRN_SYSTEM = `${PRODUCT_FHIR_BASE}/sid/mrn`;
var LAB_ACCESSION_SYSTEM = `${PRODUCT_FHIR_BASE}/sid/lab-accession`;
var BUSINESS_STATUS_VALUESET_URL = `${PRODUCT_FHIR_BASE}/ValueSet/business-status`;
var PRACTITIONER_ROLE_VALUESET_URL = `${PRODUCT_FHIR_BASE}/ValueSet/practitioner-role`;
var TASK_TYPE_VALUESET_URL = `${PRODUCT_FHIR_BASE}/ValueSet/task-type`;
var ROLES = {
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
};

// bots/codes.ts
var DOCTOR = { system: SNOMED_SYSTEM, ...ROLES.doctor };
var CARE_COORDINATOR = { system: SNOMED_SYSTEM, ...ROLES.careCoordinator };
function taskCode(code, display) {
  return { coding: [{ system: TASK_TYPE_SYSTEM, code, display }], text: display };
}
var READY_BUSINESS_STATUS = {
  coding: [{ system: BUSINESS_STATUS_SYSTEM, code: 'ready', display: 'Ready' }],
  text: 'Ready',
};

// bots/review-report.ts
var REVIEW_REPORT_ERROR = 'Unexpected input. DiagnosticReport not in preliminary status';
async function handler(medplum, event) {
  const report = event.input;
  if (report?.resourceType !== 'DiagnosticReport' || report.status !== 'preliminary' || !report.id) {
    throw new Error(REVIEW_REPORT_ERROR);
  }
  const focus = `DiagnosticReport/${report.id}`;
  const open = await medplum.searchOne('Task', { focus, 'status:not': 'completed' });
  if (open) return open;
  const task = {
    resourceType: 'Task',
    status: 'ready',
    intent: 'order',
    priority: 'asap',
    code: taskCode('review-diagnostic-report', 'Review Diagnostic Report'),
    focus: { reference: focus, display: report.code?.text ?? report.code?.coding?.[0]?.display },
    for: report.subject,
    authoredOn: /* @__PURE__ */ new Date().toISOString(),
    performerType: [{ coding: [DOCTOR], text: DOCTOR.display }],
    businessStatus: READY_BUSINESS_STATUS,
  };
  return medplum.createResource(task);
}
