import type {
  Questionnaire,
  QuestionnaireItemEnableWhen,
  QuestionnaireResponseItemAnswer,
} from '@medplum/fhirtypes';
import { describe, expect, it } from 'vitest';
import {
  buildResponse,
  conditionHolds,
  enabledItems,
  initialAnswers,
  ITEM_CONTROL_URL,
  missingAnswers,
  questionnairePages,
  type Answers,
} from './questionnaire-rules';

const when = (
  operator: QuestionnaireItemEnableWhen['operator'],
  answer: Partial<QuestionnaireItemEnableWhen>
) => ({ question: 'q', operator, ...answer }) as QuestionnaireItemEnableWhen;

const holds = (condition: QuestionnaireItemEnableWhen, ...answers: QuestionnaireResponseItemAnswer[]) =>
  conditionHolds(condition, answers);

describe('enableWhen operators', () => {
  it('exists true holds with an answer, exists false without one', () => {
    expect(holds(when('exists', { answerBoolean: true }), { valueString: 'x' })).toBe(true);
    expect(holds(when('exists', { answerBoolean: true }))).toBe(false);
    expect(holds(when('exists', { answerBoolean: false }))).toBe(true);
    expect(holds(when('exists', { answerBoolean: false }), { valueString: 'x' })).toBe(false);
  });

  it('= and != compare codings by system and code, and hold for nothing when unanswered', () => {
    const yes = { system: 'http://loinc.org', code: 'LA33-6' };
    expect(holds(when('=', { answerCoding: yes }), { valueCoding: { ...yes, display: 'Yes' } })).toBe(true);
    expect(
      holds(when('=', { answerCoding: yes }), { valueCoding: { system: 'http://other', code: 'LA33-6' } })
    ).toBe(false);
    expect(
      holds(when('!=', { answerCoding: yes }), {
        valueCoding: { system: 'http://loinc.org', code: 'LA32-8' },
      })
    ).toBe(true);
    expect(holds(when('!=', { answerCoding: yes }), { valueCoding: yes })).toBe(false);
    expect(holds(when('=', { answerCoding: yes }))).toBe(false);
    expect(holds(when('!=', { answerCoding: yes }))).toBe(false);
  });

  it.each([
    ['>', 10, true, false, false],
    ['<', 10, false, false, true],
    ['>=', 10, true, true, false],
    ['<=', 10, false, true, true],
  ] as const)('%s %d against 12, 10 and 8', (operator, limit, above, equal, below) => {
    const condition = when(operator, { answerInteger: limit });
    expect([12, 10, 8].map((value) => holds(condition, { valueInteger: value }))).toEqual([
      above,
      equal,
      below,
    ]);
  });

  it('orders decimals against quantities, and dates as dates', () => {
    expect(holds(when('>', { answerDecimal: 37.5 }), { valueQuantity: { value: 38.2, unit: 'Cel' } })).toBe(
      true
    );
    expect(holds(when('<', { answerDate: '2024-01-01' }), { valueDate: '2023-12-31' })).toBe(true);
    expect(holds(when('>', { answerDate: '2024-01-01' }), { valueDate: '2023-12-31' })).toBe(false);
  });

  it('= compares booleans, strings and references', () => {
    expect(holds(when('=', { answerBoolean: true }), { valueBoolean: true })).toBe(true);
    expect(holds(when('=', { answerBoolean: true }), { valueBoolean: false })).toBe(false);
    expect(holds(when('=', { answerString: 'yes' }), { valueString: 'yes' })).toBe(true);
    expect(
      holds(when('=', { answerReference: { reference: 'Patient/1' } }), {
        valueReference: { reference: 'Patient/1' },
      })
    ).toBe(true);
  });

  it('a value of another type never matches', () => {
    expect(holds(when('=', { answerInteger: 1 }), { valueString: '1' })).toBe(false);
    expect(holds(when('>', { answerInteger: 1 }), { valueBoolean: true })).toBe(false);
  });
});

const screening: Questionnaire = {
  resourceType: 'Questionnaire',
  id: 'phq',
  status: 'active',
  item: [
    { linkId: 'smoker', type: 'boolean', text: 'Do you smoke?' },
    {
      linkId: 'packs',
      type: 'integer',
      text: 'Packs a day',
      required: true,
      enableWhen: [{ question: 'smoker', operator: '=', answerBoolean: true }],
    },
    {
      linkId: 'quit',
      type: 'string',
      text: 'Tried to quit?',
      enableWhen: [{ question: 'packs', operator: '>', answerInteger: 1 }],
    },
    {
      linkId: 'both',
      type: 'string',
      text: 'Heavy smoker with a cough',
      enableBehavior: 'all',
      enableWhen: [
        { question: 'packs', operator: '>=', answerInteger: 2 },
        { question: 'cough', operator: 'exists', answerBoolean: true },
      ],
    },
    {
      linkId: 'either',
      type: 'string',
      text: 'Smoker or cough',
      enableWhen: [
        { question: 'smoker', operator: '=', answerBoolean: true },
        { question: 'cough', operator: 'exists', answerBoolean: true },
      ],
    },
    { linkId: 'cough', type: 'string', text: 'Describe your cough', initial: [{ valueString: 'dry' }] },
  ],
};

describe('which items are shown', () => {
  it('enableBehavior any needs one condition, all needs every one', () => {
    expect(enabledItems(screening, { cough: [{ valueString: 'dry' }] }).has('either')).toBe(true);
    expect(enabledItems(screening, { cough: [{ valueString: 'dry' }] }).has('both')).toBe(false);
    const heavy = {
      smoker: [{ valueBoolean: true }],
      packs: [{ valueInteger: 2 }],
      cough: [{ valueString: 'dry' }],
    };
    expect(enabledItems(screening, heavy).has('both')).toBe(true);
  });

  it('hiding a question hides what depends on it, even with its answer kept', () => {
    const answers = { smoker: [{ valueBoolean: false }], packs: [{ valueInteger: 3 }] };
    const shown = enabledItems(screening, answers);
    expect(shown.has('packs')).toBe(false);
    expect(shown.has('quit')).toBe(false);
  });

  it('a required question counts as missing only while it is shown', () => {
    expect(missingAnswers(screening.item ?? [], enabledItems(screening, {}), {})).toEqual([]);
    const smoker = { smoker: [{ valueBoolean: true }] };
    expect(missingAnswers(screening.item ?? [], enabledItems(screening, smoker), smoker)).toEqual(['packs']);
  });

  it('a condition on itself or on a missing question never holds', () => {
    const looped: Questionnaire = {
      resourceType: 'Questionnaire',
      status: 'active',
      item: [
        {
          linkId: 'a',
          type: 'string',
          enableWhen: [{ question: 'b', operator: 'exists', answerBoolean: true }],
        },
        {
          linkId: 'b',
          type: 'string',
          enableWhen: [{ question: 'a', operator: 'exists', answerBoolean: true }],
        },
        {
          linkId: 'c',
          type: 'string',
          enableWhen: [{ question: 'nowhere', operator: 'exists', answerBoolean: false }],
        },
      ],
    };
    expect([...enabledItems(looped, { a: [{ valueString: 'x' }], b: [{ valueString: 'y' }] })]).toEqual([
      'c',
    ]);
  });
});

describe('pages and the response', () => {
  it('makes each top-level item a page when one asks for page control', () => {
    const page = { url: ITEM_CONTROL_URL, valueCodeableConcept: { coding: [{ code: 'page' }] } };
    const paged: Questionnaire = {
      resourceType: 'Questionnaire',
      status: 'active',
      item: [
        { linkId: 'p1', type: 'group', extension: [page], item: [{ linkId: 'a', type: 'string' }] },
        { linkId: 'p2', type: 'group', extension: [page], item: [{ linkId: 'b', type: 'string' }] },
      ],
    };
    expect(questionnairePages(paged).map((items) => items.map((item) => item.linkId))).toEqual([
      ['p1'],
      ['p2'],
    ]);
    expect(questionnairePages(screening)).toHaveLength(1);
  });

  it('starts from the initial values and keeps only shown, answered items in order', () => {
    const answers: Answers = {
      ...initialAnswers(screening),
      smoker: [{ valueBoolean: false }],
      packs: [{ valueInteger: 3 }],
    };
    expect(answers.cough).toEqual([{ valueString: 'dry' }]);
    const response = buildResponse(screening, answers, {
      status: 'completed',
      authored: '2024-05-01T10:00:00Z',
    });
    expect(response).toEqual({
      resourceType: 'QuestionnaireResponse',
      questionnaire: 'Questionnaire/phq',
      status: 'completed',
      authored: '2024-05-01T10:00:00Z',
      item: [
        { linkId: 'smoker', text: 'Do you smoke?', answer: [{ valueBoolean: false }] },
        { linkId: 'cough', text: 'Describe your cough', answer: [{ valueString: 'dry' }] },
      ],
    });
  });
});
