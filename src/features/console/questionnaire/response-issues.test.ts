import type { QuestionnaireResponse } from '@medplum/fhirtypes';
import { describe, expect, it } from 'vitest';
import { linkIdOf, responseIssues } from './response-issues';

const response: QuestionnaireResponse = {
  resourceType: 'QuestionnaireResponse',
  status: 'completed',
  item: [
    { linkId: 'name', answer: [{ valueString: 'Ada' }] },
    {
      linkId: 'history',
      item: [
        { linkId: 'smoker', answer: [{ valueBoolean: true, item: [{ linkId: 'packs', answer: [] }] }] },
        { linkId: 'alcohol' },
      ],
    },
  ],
};

describe('the item a refused response issue names', () => {
  it('walks item positions in the response sent, through groups and answers', () => {
    expect(linkIdOf('QuestionnaireResponse.item[0].answer[0].valueString', response)).toBe('name');
    expect(linkIdOf('QuestionnaireResponse.item[1].item[1]', response)).toBe('alcohol');
    expect(linkIdOf('item[1].item[0].answer[0].item[0].answer', response)).toBe('packs');
    expect(linkIdOf('QuestionnaireResponse.item[7]', response)).toBeUndefined();
    expect(linkIdOf('QuestionnaireResponse.subject', response)).toBeUndefined();
  });

  it("reads a linkId filter ('where(linkId=...)')", () => {
    expect(linkIdOf("QuestionnaireResponse.item.where(linkId='alcohol').answer", response)).toBe('alcohol');
  });

  it('puts each issue under the items it names, and those naming none above the form', () => {
    const issues = responseIssues(
      {
        resourceType: 'OperationOutcome',
        issue: [
          {
            severity: 'error',
            code: 'value',
            details: { text: 'Too long' },
            expression: ['QuestionnaireResponse.item[0]'],
          },
          {
            severity: 'error',
            code: 'value',
            diagnostics: 'Not a number',
            location: ['QuestionnaireResponse.item[0].answer[0]'],
          },
          {
            severity: 'error',
            code: 'required',
            details: { text: 'Author missing' },
            expression: ['QuestionnaireResponse.author'],
          },
        ],
      },
      response
    );
    expect([...issues.byItem]).toEqual([['name', 'Too long; Not a number']]);
    expect(issues.general.map((issue) => issue.details?.text)).toEqual(['Author missing']);
  });
});
