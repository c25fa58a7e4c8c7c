// Built from bots/respond-to-message.ts by `npx tsx mocks/bots/build-cli.ts`; do not edit.
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

// bots/respond-to-message.ts
var respond_to_message_exports = {};
__export(respond_to_message_exports, {
  UNANSWERED_MS: () => UNANSWERED_MS,
  handler: () => handler,
});
module.exports = __toCommonJS(respond_to_message_exports);

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

// bots/respond-to-message.ts
var UNANSWERED_MS = 30 * 60 * 1e3;
async function handler(medplum) {
  const cutoff = new Date(Date.now() - UNANSWERED_MS).toISOString();
  const waiting = await medplum.searchResources('Communication', {
    sent: `lt${cutoff}`,
    'part-of:Communication.status': 'in-progress',
    _sort: '-sent',
    _count: 1e3,
  });
  const threadIds = unique(waiting.map((message) => idOf(message.partOf?.[0]?.reference, 'Communication')));
  if (threadIds.length === 0) return { created: [] };
  const histories = await medplum.executeBatch({
    resourceType: 'Bundle',
    type: 'batch',
    entry: threadIds.map((id) => ({
      request: { method: 'GET', url: `Communication?part-of=Communication/${id}&_sort=-sent&_count=100` },
    })),
  });
  const created = [];
  for (const [index, threadId] of threadIds.entries()) {
    const messages = resourcesOf(histories.entry?.[index]?.resource);
    const task = await taskForThread(medplum, threadId, messages, cutoff);
    if (task?.id) created.push(task.id);
  }
  return { created };
}
async function taskForThread(medplum, threadId, newestFirst, cutoff) {
  const latest = newestFirst[0];
  const patient = latest?.sender;
  if (!latest?.sent || !(Date.parse(latest.sent) < Date.parse(cutoff)) || !isOfType(patient, 'Patient')) {
    return void 0;
  }
  const focus = `Communication/${threadId}`;
  const open = await medplum.searchOne('Task', { focus, 'status:not': 'completed' });
  if (open) return void 0;
  const responder = newestFirst.find((message) => isOfType(message.sender, 'Practitioner'))?.sender;
  const thread = await medplum.readResource('Communication', threadId);
  const topic = thread.topic?.text ?? thread.topic?.coding?.[0]?.display;
  const task = {
    resourceType: 'Task',
    status: 'ready',
    intent: 'order',
    code: taskCode('respond-to-message', 'Respond to Message'),
    focus: { reference: focus, ...(topic ? { display: topic } : {}) },
    for: isOfType(thread.subject, 'Patient') ? thread.subject : patient,
    authoredOn: /* @__PURE__ */ new Date().toISOString(),
    businessStatus: READY_BUSINESS_STATUS,
    ...(responder
      ? { owner: responder }
      : { performerType: [{ coding: [CARE_COORDINATOR], text: CARE_COORDINATOR.display }] }),
  };
  return medplum.createResource(task);
}
function isOfType(reference, type) {
  return !!reference?.reference?.startsWith(`${type}/`);
}
function idOf(reference, type) {
  return reference?.startsWith(`${type}/`) ? reference.slice(type.length + 1) : void 0;
}
function unique(ids) {
  return [...new Set(ids.filter((id) => !!id))];
}
function resourcesOf(bundle) {
  return (bundle?.entry ?? []).flatMap((entry) => (entry.resource ? [entry.resource] : []));
}
