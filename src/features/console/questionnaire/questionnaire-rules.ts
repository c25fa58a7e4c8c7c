import type {
  Coding,
  Questionnaire,
  QuestionnaireItem,
  QuestionnaireItemEnableWhen,
  QuestionnaireResponse,
  QuestionnaireResponseItem,
  QuestionnaireResponseItemAnswer,
  Reference,
} from '@medplum/fhirtypes';

export const ITEM_CONTROL_URL = 'http://hl7.org/fhir/StructureDefinition/questionnaire-itemControl';
export const REFERENCE_RESOURCE_URL =
  'http://hl7.org/fhir/StructureDefinition/questionnaire-referenceResource';
export const REFERENCE_FILTER_URL = 'http://hl7.org/fhir/StructureDefinition/questionnaire-referenceFilter';

/** What the user has answered, by item linkId (several answers where the item repeats). */
export type Answers = Record<string, QuestionnaireResponseItemAnswer[]>;

/** The item control an item asks for ('page', 'drop-down', ...), if any. */
export function itemControl(item: QuestionnaireItem): string | undefined {
  const extension = item.extension?.find((e) => e.url === ITEM_CONTROL_URL);
  return extension?.valueCodeableConcept?.coding?.[0]?.code;
}

/** The resource types a reference item may point to (Patient when it does not say). */
export function referenceTypes(item: QuestionnaireItem): string[] {
  const types = (item.extension ?? [])
    .filter((e) => e.url === REFERENCE_RESOURCE_URL)
    .map((e) => e.valueCode ?? '')
    .filter(Boolean);
  return types.length > 0 ? types : ['Patient'];
}

/** The search a reference item's choices are narrowed by (e.g. `organization=Organization/1`). */
export function referenceFilter(item: QuestionnaireItem): string | undefined {
  return item.extension?.find((e) => e.url === REFERENCE_FILTER_URL)?.valueString;
}

/**
 * The questionnaire's pages: when any top-level item asks for page control, each top-level item is
 * a page of its own; otherwise the whole questionnaire is one page.
 */
export function questionnairePages(questionnaire: Questionnaire): QuestionnaireItem[][] {
  const items = questionnaire.item ?? [];
  if (!items.some((item) => itemControl(item) === 'page')) return [items];
  return items.map((item) => [item]);
}

/** Every item of the questionnaire by linkId, with its parent's linkId. */
function indexItems(
  items: QuestionnaireItem[] | undefined,
  parent: string | undefined,
  index: ItemIndex
): ItemIndex {
  for (const item of items ?? []) {
    index.set(item.linkId, { item, parent });
    indexItems(item.item, item.linkId, index);
  }
  return index;
}
type ItemIndex = Map<string, { item: QuestionnaireItem; parent: string | undefined }>;

/** The value an answer or enableWhen holds, comparable with others of its type. */
type Comparable =
  | { kind: 'number' | 'text' | 'boolean'; value: number | string | boolean }
  | { kind: 'coding'; value: Coding }
  | { kind: 'reference'; value: Reference };

function comparableOf(holder: Record<string, unknown>, prefix: 'value' | 'answer'): Comparable | undefined {
  const field = (name: string): unknown => holder[`${prefix}${name}`];
  for (const name of ['Decimal', 'Integer']) {
    const value = field(name);
    if (typeof value === 'number') return { kind: 'number', value };
  }
  const quantity = field('Quantity') as { value?: number } | undefined;
  if (typeof quantity?.value === 'number') return { kind: 'number', value: quantity.value };
  for (const name of ['Date', 'DateTime', 'Time', 'String', 'Uri']) {
    const value = field(name);
    if (typeof value === 'string') return { kind: 'text', value };
  }
  const flag = field('Boolean');
  if (typeof flag === 'boolean') return { kind: 'boolean', value: flag };
  const coding = field('Coding') as Coding | undefined;
  if (coding) return { kind: 'coding', value: coding };
  const reference = field('Reference') as Reference | undefined;
  if (reference) return { kind: 'reference', value: reference };
  return undefined;
}

/** -1, 0 or 1 when the two values can be compared; undefined when they cannot. */
function compare(a: Comparable, b: Comparable): number | undefined {
  if (a.kind === 'coding' && b.kind === 'coding') {
    const sameSystem = !a.value.system || !b.value.system || a.value.system === b.value.system;
    return sameSystem && a.value.code === b.value.code ? 0 : undefined;
  }
  if (a.kind === 'reference' && b.kind === 'reference') {
    return a.value.reference === b.value.reference ? 0 : undefined;
  }
  if (a.kind !== b.kind || a.kind === 'coding' || a.kind === 'reference') return undefined;
  if (a.value === b.value) return 0;
  return (a.value as number | string) < (b.value as number | string) ? -1 : 1;
}

/** Whether one condition holds for the answers given to its question. */
export function conditionHolds(
  condition: QuestionnaireItemEnableWhen,
  answers: QuestionnaireResponseItemAnswer[]
): boolean {
  if (condition.operator === 'exists') return answers.length > 0 === (condition.answerBoolean ?? true);
  const expected = comparableOf(condition as unknown as Record<string, unknown>, 'answer');
  if (!expected) return false;
  const results = answers.flatMap((answer) => {
    const given = comparableOf(answer as unknown as Record<string, unknown>, 'value');
    return given ? [compare(given, expected)] : [];
  });
  switch (condition.operator) {
    case '=':
      return results.some((result) => result === 0);
    case '!=':
      return results.length > 0 && results.every((result) => result !== 0);
    case '>':
      return results.some((result) => result !== undefined && result > 0);
    case '<':
      return results.some((result) => result !== undefined && result < 0);
    case '>=':
      return results.some((result) => result !== undefined && result >= 0);
    case '<=':
      return results.some((result) => result !== undefined && result <= 0);
    default:
      return false;
  }
}

/**
 * Which items are shown: an item is enabled when its parent is and its conditions hold (any of them,
 * or all with enableBehavior 'all'). A condition sees only the answers of an enabled question, so
 * hiding a question also hides what depends on it.
 */
export function enabledItems(questionnaire: Questionnaire, answers: Answers): Set<string> {
  const index = indexItems(questionnaire.item, undefined, new Map());
  const known = new Map<string, boolean>();
  const visiting = new Set<string>();
  const isEnabled = (linkId: string): boolean => {
    const cached = known.get(linkId);
    if (cached !== undefined) return cached;
    const entry = index.get(linkId);
    // A condition on a missing item, or conditions that lead back to themselves, never hold.
    if (!entry || visiting.has(linkId)) return false;
    visiting.add(linkId);
    const { item, parent } = entry;
    let enabled = parent === undefined || isEnabled(parent);
    if (enabled && item.enableWhen?.length) {
      const holds = item.enableWhen.map((condition) =>
        conditionHolds(condition, isEnabled(condition.question) ? (answers[condition.question] ?? []) : [])
      );
      enabled = item.enableBehavior === 'all' ? holds.every(Boolean) : holds.some(Boolean);
    }
    visiting.delete(linkId);
    known.set(linkId, enabled);
    return enabled;
  };
  return new Set([...index.keys()].filter(isEnabled));
}

/** The answers a new response starts with: each item's initial values. */
export function initialAnswers(questionnaire: Questionnaire): Answers {
  const answers: Answers = {};
  for (const { item } of indexItems(questionnaire.item, undefined, new Map()).values()) {
    const initial = (item.initial ?? []).map((value) => ({ ...value }) as QuestionnaireResponseItemAnswer);
    const preset = item.answerOption?.filter((option) => option.initialSelected);
    if (initial.length > 0) answers[item.linkId] = initial;
    else if (preset?.length) {
      answers[item.linkId] = preset.map(
        ({ initialSelected: _selected, ...value }) => value as QuestionnaireResponseItemAnswer
      );
    }
  }
  return answers;
}

/** The answers an earlier response gave, to go on filling it. */
export function answersOf(response: QuestionnaireResponse | undefined): Answers {
  const answers: Answers = {};
  const walk = (items: QuestionnaireResponseItem[] | undefined): void => {
    for (const item of items ?? []) {
      if (item.answer?.length) answers[item.linkId] = item.answer;
      walk(item.item);
    }
  };
  walk(response?.item);
  return answers;
}

/** The required questions on these items that are shown and still unanswered. */
export function missingAnswers(items: QuestionnaireItem[], enabled: Set<string>, answers: Answers): string[] {
  return items.flatMap((item) => {
    if (!enabled.has(item.linkId)) return [];
    const own =
      item.required && item.type !== 'group' && item.type !== 'display' && !answers[item.linkId]?.length;
    return [...(own ? [item.linkId] : []), ...missingAnswers(item.item ?? [], enabled, answers)];
  });
}

function responseItems(
  items: QuestionnaireItem[] | undefined,
  enabled: Set<string>,
  answers: Answers
): QuestionnaireResponseItem[] {
  return (items ?? []).flatMap((item): QuestionnaireResponseItem[] => {
    if (!enabled.has(item.linkId) || item.type === 'display') return [];
    const children = responseItems(item.item, enabled, answers);
    const answer = item.type === 'group' ? [] : (answers[item.linkId] ?? []);
    if (answer.length === 0 && children.length === 0) return [];
    return [
      {
        linkId: item.linkId,
        ...(item.text ? { text: item.text } : {}),
        ...(answer.length > 0 ? { answer } : {}),
        ...(children.length > 0 ? { item: children } : {}),
      },
    ];
  });
}

/** The canonical a response names its questionnaire by: its url, else its id. */
export function questionnaireCanonical(questionnaire: Questionnaire): string {
  return questionnaire.url ?? `Questionnaire/${questionnaire.id}`;
}

/** The response the answers make: only shown items that have answers, in the questionnaire's order. */
export function buildResponse(
  questionnaire: Questionnaire,
  answers: Answers,
  base: Partial<QuestionnaireResponse> & { status: QuestionnaireResponse['status']; authored: string }
): QuestionnaireResponse {
  const enabled = enabledItems(questionnaire, answers);
  const item = responseItems(questionnaire.item, enabled, answers);
  const { item: _earlier, ...rest } = base;
  return {
    ...rest,
    resourceType: 'QuestionnaireResponse',
    questionnaire: questionnaireCanonical(questionnaire),
    ...(item.length > 0 ? { item } : {}),
  };
}
