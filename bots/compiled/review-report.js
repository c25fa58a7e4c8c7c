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

// bots/codes.ts
var SNOMED_SYSTEM = 'http://snomed.info/sct';
var PRODUCT_FHIR_BASE = 'https://carequeue.example.org/fhir';
var TASK_TYPE_SYSTEM = `${PRODUCT_FHIR_BASE}/CodeSystem/task-type`;
var BUSINESS_STATUS_SYSTEM = `${PRODUCT_FHIR_BASE}/CodeSystem/business-status`;
var DOCTOR = { system: SNOMED_SYSTEM, code: '158965000', display: 'Doctor' };
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
