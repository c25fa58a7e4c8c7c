import { normalizeText } from '@/fhir/search';
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
