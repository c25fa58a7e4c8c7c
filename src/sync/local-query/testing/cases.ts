import { ROLE_CODES, SEED_STATES, SNOMED_SYSTEM, TASK_TYPE_SYSTEM } from '@mocks/seed';
import { allTasks, myTasks, roleQueue, stateQueue, TASK_QUEUE_SORT, withPage } from '@/fhir/task-queues';

/** One search to answer locally and on the server. */
export interface QueryCase {
  name: string;
  resourceType: string;
  params: URLSearchParams;
}

const task = (name: string, params: URLSearchParams | string): QueryCase => ({
  name,
  resourceType: 'Task',
  params: new URLSearchParams(params),
});

/** The product's queues for one practitioner: My Tasks, every role queue, the seed states, both tabs. */
export function queueCases(profile: string, states: readonly string[] = SEED_STATES): QueryCase[] {
  return [
    task('My Tasks', myTasks(profile)),
    ...Object.entries(ROLE_CODES).map(([role, code]) => task(`role queue ${role}`, roleQueue(code))),
    ...states.map((state) => task(`state queue ${state}`, stateQueue(state))),
    task('All Tasks, Active', allTasks('active')),
    task('All Tasks, Completed', allTasks('completed')),
  ];
}

/** Paged views of the queues: later pages, an empty page past the end, a count-only page. */
export function pagingCases(profile: string): QueryCase[] {
  return [
    task('My Tasks, second page of 5', withPage(myTasks(profile), { count: 5, offset: 5 })),
    task('Active, third page of 7', withPage(allTasks('active'), { count: 7, offset: 14 })),
    task('Active, count only', withPage(allTasks('active'), { count: 0 })),
    task('Completed, past the end', withPage(allTasks('completed'), { count: 10, offset: 5000 })),
    task('NY queue, pages of 3', withPage(stateQueue('NY'), { count: 3, offset: 3 })),
  ];
}

/** The console timeline's search: tasks based on, focused on or about one resource. */
const timeline = (reference: string): string =>
  `based-on eq ${reference} or focus eq ${reference} or subject eq ${reference}`;

/** Searches a developer or the console may run beside the queues. */
export function adHocCases(options: {
  lastUpdatedAfter: string;
  now: string;
  profiles: string[];
}): QueryCase[] {
  const sorted = (params: string): URLSearchParams =>
    new URLSearchParams(`${params}&_sort=${TASK_QUEUE_SORT}`);
  return [
    task('status=on-hold, queue order', sorted('status=on-hold')),
    task('status=on-hold, server order', 'status=on-hold&_count=100'),
    task('priority=stat', sorted('priority=stat')),
    task('code with system', sorted(`code=${TASK_TYPE_SYSTEM}|respond-to-message`)),
    task('code, not completed', sorted('code=review-diagnostic-report&status:not=completed')),
    task('_lastUpdated=gt', `_lastUpdated=gt${options.lastUpdatedAfter}&_sort=-_lastUpdated`),
    task('address-state with owner:missing', sorted('patient.address-state=NY&owner:missing=true')),
    task('address-state, lower-case prefix', sorted('patient.address-state=c&_count=50')),
    task('address-state:exact', sorted('patient.address-state:exact=TX')),
    task('two owners', sorted(`owner=${options.profiles.join(',')}&_count=100`)),
    task('performer with system', sorted(`performer=${SNOMED_SYSTEM}|${ROLE_CODES.doctor}`)),
    task('overdue', sorted(`due-date=lt${options.now}&status:not=completed&_count=100`)),
    task('due-date ascending only', '_sort=due-date&_count=300'),
    task('state queue with _include', `${stateQueue('TX').toString()}&_include=Task:patient`),
    task(
      '_filter timeline: based-on, focus or subject',
      `_filter=${encodeURIComponent(timeline('DiagnosticReport/diagnosticreport-002'))}&_count=100&_sort=_id`
    ),
    task(
      '_filter with not, and, or and parentheses, beside status',
      sorted(
        `_filter=${encodeURIComponent('not (owner pr true) and (priority eq stat or priority eq urgent)')}&status:not=completed`
      )
    ),
    task(
      '_filter on dates and a token with its system',
      sorted(
        `_filter=${encodeURIComponent(`due-date lt ${options.now || '2100-01-01'} or code eq ${TASK_TYPE_SYSTEM}|respond-to-message`)}&_count=100`
      )
    ),
    task(
      '_filter on the owner, ne and a chained parameter beside it',
      sorted(
        `_filter=${encodeURIComponent(`owner eq ${options.profiles[0] ?? ''} and status ne completed`)}&patient.address-state=NY`
      )
    ),
    {
      name: '_filter on patients: string operators',
      resourceType: 'Patient',
      params: new URLSearchParams(
        `_filter=${encodeURIComponent('address-state eq TX or (family sw Sm and not (given ew a))')}&_sort=_id&_count=100`
      ),
    },
    {
      name: 'patients in NY with their tasks',
      resourceType: 'Patient',
      params: new URLSearchParams('address-state=NY&_sort=-_lastUpdated&_revinclude=Task:patient'),
    },
  ];
}
