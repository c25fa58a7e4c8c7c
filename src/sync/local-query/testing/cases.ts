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
    {
      name: 'patients in NY with their tasks',
      resourceType: 'Patient',
      params: new URLSearchParams('address-state=NY&_sort=-_lastUpdated&_revinclude=Task:patient'),
    },
  ];
}
