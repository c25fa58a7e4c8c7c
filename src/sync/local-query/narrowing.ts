import { normalizeText } from '@/fhir/search';
import { TASK_QUEUE_SORT } from '@/fhir/task-queues';
import type { QueueSelector } from '@/db/queue-keys';
import type { FieldCondition } from './replica-reader';

/** A `patient.address-state` filter, to be matched against the replica's patientState values. */
export interface StateMatch {
  mode: 'prefix' | 'exact' | 'contains';
  /** Any of these, as written in the query. */
  values: readonly string[];
}

/** How a Task search narrows the records loaded from the replica before it is run on them. */
export interface TaskNarrowing {
  conditions: FieldCondition[];
  /** Each becomes a patientState condition once the replica's distinct states are known. */
  states: StateMatch[];
}

const REFERENCE = /^[A-Z][A-Za-z]+\/[A-Za-z0-9\-.]{1,64}$/;
const CHAINED_STATE = /^patient(?::Patient)?\.address-state(?::(exact|contains))?$/;

/**
 * The queue-field conditions a Task search implies. Each holds for every Task the search can match
 * (so the loaded records are a superset of the matches); parameters whose values cannot be narrowed
 * safely (escapes, modifiers such as :not, partial tokens) are left to the full search.
 *
 * Known gaps, all from how the replica derives its fields (src/db/derive.ts): owner and patient are
 * the references as written, so a Task whose owner or subject is an absolute URL or carries a
 * `_history` suffix is not found by `owner=` or `patient.address-state=`; patientState is the state of
 * the patient's first address that has one, so a patient with several addressed states is found by
 * the first only. The product writes plain `Type/id` references and one address.
 */
export function planTaskNarrowing(params: URLSearchParams): TaskNarrowing {
  const plan: TaskNarrowing = { conditions: [], states: [] };
  for (const [key, value] of params) {
    if (value.includes('\\')) continue;
    const values = value.split(',');
    if (key === 'owner') {
      if (values.every((v) => REFERENCE.test(v))) plan.conditions.push({ field: 'owner', anyOf: values });
    } else if (key === 'owner:missing') {
      // derive.ts stores '' for a Task without an owner reference: a superset of owner:missing=true.
      if (value === 'true') plan.conditions.push({ field: 'owner', anyOf: [''] });
    } else if (key === 'status' || key === 'performer') {
      const codes = values.map(tokenCode);
      if (codes.every((c): c is string => c !== undefined))
        plan.conditions.push({ field: key, anyOf: codes });
    } else {
      const chained = CHAINED_STATE.exec(key);
      if (chained) {
        const mode = (chained[1] as 'exact' | 'contains' | undefined) ?? 'prefix';
        plan.states.push({ mode, values });
      }
    }
  }
  return plan;
}

/** The code of `code` or `system|code`; undefined for `system|` (any code) or malformed tokens. */
function tokenCode(token: string): string | undefined {
  const parts = token.split('|');
  const code = parts.length === 1 ? parts[0] : parts.length === 2 ? parts[1] : undefined;
  return code === '' ? undefined : code;
}

/** The patientState condition of a state filter: the stored states it matches as a string search does. */
export function stateCondition(match: StateMatch, storedStates: readonly string[]): FieldCondition {
  const accepts = (stored: string): boolean =>
    match.values.some((q) => {
      if (match.mode === 'exact') return stored === q;
      const s = normalizeText(stored);
      const n = normalizeText(q);
      return match.mode === 'contains' ? s.includes(n) : s.startsWith(n);
    });
  return { field: 'patientState', anyOf: storedStates.filter(accepts) };
}

/**
 * A Task search the replica's queue index answers in display order: filters that say exactly which
 * queues (of src/db/queue-keys.ts) hold the matches, and the queues' own sort. `states` is set for a
 * state queue, whose stored states are known only once the replica is asked.
 */
export type QueuePlan = { selectors: QueueSelector[] } | { states: StateMatch };

/** Parameters a queue plan reads; any other makes the search a general one. */
const QUEUE_PARAMS = new Set([
  'owner',
  'owner:missing',
  'status',
  'status:not',
  'performer',
  'patient.address-state',
  '_sort',
  '_count',
  '_offset',
  '_total',
]);

/**
 * The queues a Task search reads, when its filters are those of a queue of the side menu or of a
 * list tab (owner, unowned role or state queue, all tasks; Active or Completed) and it is sorted as
 * the queues are; undefined for any other search, which the general path answers.
 */
export function planQueueRead(params: URLSearchParams): QueuePlan | undefined {
  const given = new Map<string, string>();
  for (const [key, value] of params) {
    if (!QUEUE_PARAMS.has(key) || given.has(key) || value.includes('\\')) return undefined;
    // A filter with several values (ORed) may name several queues a task is in at once.
    if (key !== '_sort' && value.includes(',')) return undefined;
    given.set(key, value);
  }
  if (given.get('_sort') !== TASK_QUEUE_SORT) return undefined;
  const status = given.get('status');
  const notStatus = given.get('status:not');
  if (
    (status !== undefined && status !== 'completed') ||
    (notStatus !== undefined && notStatus !== 'completed')
  )
    return undefined;
  if (status !== undefined && notStatus !== undefined) return undefined;
  const tabs = status !== undefined ? [false] : notStatus !== undefined ? [true] : [true, false];
  const owner = given.get('owner');
  const unowned = given.get('owner:missing');
  const performer = given.get('performer');
  const state = given.get('patient.address-state');

  if (owner !== undefined) {
    if (unowned !== undefined || performer !== undefined || state !== undefined) return undefined;
    if (!REFERENCE.test(owner)) return undefined;
    return { selectors: tabs.map((open) => ({ kind: 'owner', owner, open })) };
  }
  if (unowned !== undefined) {
    // The role and state queues hold open unowned tasks only.
    if (unowned !== 'true' || notStatus === undefined) return undefined;
    if (performer !== undefined && state === undefined && /^[^|]+$/.test(performer))
      return { selectors: [{ kind: 'role', code: performer }] };
    if (state !== undefined && performer === undefined && state !== '')
      return { states: { mode: 'prefix', values: [state] } };
    return undefined;
  }
  if (performer !== undefined || state !== undefined) return undefined;
  return { selectors: tabs.map((open) => ({ kind: 'all', open })) };
}
