import { describe, expect, it } from 'vitest';
import { filterParameters } from './use-questionnaire-sources';

describe("a reference item's filter", () => {
  it('becomes the search parameters that narrow its choices', () => {
    expect(filterParameters('active=true&organization=Organization/1')).toEqual({
      active: 'true',
      organization: 'Organization/1',
    });
  });

  it('leaves out what names the response context, and nothing when there is no filter', () => {
    expect(filterParameters('patient={{%patient.id}}&status=active')).toEqual({ status: 'active' });
    expect(filterParameters(undefined)).toEqual({});
  });
});
