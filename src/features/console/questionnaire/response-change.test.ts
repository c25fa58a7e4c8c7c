import type { QuestionnaireResponse } from '@medplum/fhirtypes';
import { describe, expect, it } from 'vitest';
import { keptResponse, responseChange } from './response-change';

const stored: QuestionnaireResponse = {
  resourceType: 'QuestionnaireResponse',
  id: 'r1',
  meta: { versionId: '2' },
  identifier: { system: 'urn:carequeue:client-id', value: 'device-1' },
  status: 'in-progress',
  authored: '2026-01-01T09:00:00.000Z',
  questionnaire: 'http://example.org/Questionnaire/phq',
  item: [{ linkId: 'q1', answer: [{ valueString: 'yes' }] }],
};

/** What buildResponse makes from the answers: no id, meta or identifier, authored now. */
const built = (
  answer: string,
  status: QuestionnaireResponse['status'] = 'in-progress'
): QuestionnaireResponse => ({
  resourceType: 'QuestionnaireResponse',
  status,
  authored: '2026-01-01T09:05:00.000Z',
  questionnaire: 'http://example.org/Questionnaire/phq',
  item: [{ linkId: 'q1', answer: [{ valueString: answer }] }],
});

describe('the change that writes a response', () => {
  it('creates the response the first time, without an id or meta of its own', () => {
    expect(responseChange(null, built('yes'), 'in-progress')).toMatchObject({
      kind: 'create',
      resourceType: 'QuestionnaireResponse',
      label: 'Save questionnaire answers',
      resource: built('yes'),
    });
  });

  it('sends nothing when only the time of writing moved while the response is in progress', () => {
    expect(responseChange(stored, built('yes'), 'in-progress')).toBeUndefined();
  });

  it('keeps the identifier the device gave the response, which the answers do not make', () => {
    expect(keptResponse(stored, built('no'), 'in-progress').identifier).toEqual(stored.identifier);
    const change = responseChange(stored, built('no'), 'in-progress');
    expect(change?.operations).toEqual([
      { op: 'replace', path: '/item/0/answer/0/valueString', value: 'no' },
    ]);
    expect(change).toMatchObject({ kind: 'patch', id: 'r1', label: 'Save questionnaire answers' });
  });

  it('sends the authored time and the status when the response is submitted', () => {
    const change = responseChange(stored, built('yes', 'completed'), 'completed');
    expect(change?.label).toBe('Submit questionnaire');
    expect(change?.operations).toEqual(
      expect.arrayContaining([
        { op: 'replace', path: '/status', value: 'completed' },
        { op: 'replace', path: '/authored', value: '2026-01-01T09:05:00.000Z' },
      ])
    );
    expect(change?.operations).toHaveLength(2);
  });

  it('adds no authored time to an in-progress response that had none', () => {
    const { authored: _authored, ...undated } = stored;
    expect(responseChange(undated, built('yes'), 'in-progress')).toBeUndefined();
  });
});
