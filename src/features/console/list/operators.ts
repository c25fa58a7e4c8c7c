/**
 * The filter operators the search control offers for each search parameter type, and how each one
 * is written in a FHIR search URL (a modifier on the name, or a prefix on the value).
 */

export type FilterOperator =
  | 'eq'
  | 'ne'
  | 'not'
  | 'contains'
  | 'exact'
  | 'gt'
  | 'lt'
  | 'ge'
  | 'le'
  | 'sa'
  | 'eb'
  | 'ap';

export interface OperatorChoice {
  operator: FilterOperator;
  label: string;
}

const EQUALS: OperatorChoice = { operator: 'eq', label: 'equals' };
const NOT: OperatorChoice = { operator: 'not', label: 'not' };

/** Numbers and quantities: the six comparisons. */
const COMPARISONS: OperatorChoice[] = [
  EQUALS,
  { operator: 'ne', label: 'not equals' },
  { operator: 'gt', label: 'greater than' },
  { operator: 'lt', label: 'less than' },
  { operator: 'ge', label: 'greater than or equals' },
  { operator: 'le', label: 'less than or equals' },
];

const OPERATORS: Record<string, OperatorChoice[]> = {
  string: [EQUALS, NOT, { operator: 'contains', label: 'contains' }, { operator: 'exact', label: 'exact' }],
  token: [EQUALS, NOT],
  reference: [EQUALS, NOT],
  uri: [EQUALS, NOT],
  number: COMPARISONS,
  quantity: COMPARISONS,
  date: [
    ...COMPARISONS,
    { operator: 'sa', label: 'starts after' },
    { operator: 'eb', label: 'ends before' },
    { operator: 'ap', label: 'approximately' },
  ],
};

/** The operators of a search parameter type (fulltext and special search as strings; anything else: equals). */
export function operatorsFor(paramType: string | undefined): OperatorChoice[] {
  if (paramType === 'special' || paramType === 'text') return OPERATORS.string ?? [EQUALS];
  return OPERATORS[paramType ?? ''] ?? [EQUALS];
}

export function operatorLabel(operator: FilterOperator): string {
  for (const choices of Object.values(OPERATORS)) {
    const found = choices.find((choice) => choice.operator === operator);
    if (found) return found.label;
  }
  return operator;
}

/** Types whose comparisons are written as a value prefix (`birthdate=ge1970-01-01`). */
export const PREFIXED_TYPES = new Set(['number', 'quantity', 'date']);

/** Operators written as a modifier of the parameter's name (`name:contains=ann`). */
export const MODIFIER_OPERATORS = new Set<FilterOperator>(['not', 'contains', 'exact']);
