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

describe("a reference item's filter that names the response's patient", () => {
  const patient = { reference: 'Patient/p1' };

  it('is filled with the patient: {{%patient}} as a reference, {{%patient.id}} as the id', () => {
    expect(filterParameters('patient={{%patient}}&status=active', patient)).toEqual({
      patient: 'Patient/p1',
      status: 'active',
    });
    expect(filterParameters('subject:Patient._id={{%patient.id}}', patient)).toEqual({
      'subject:Patient._id': 'p1',
    });
    expect(filterParameters('subject={{ %patient }}', patient)).toEqual({ subject: 'Patient/p1' });
  });

  it('loses only that parameter when there is no patient, or when it names something else', () => {
    expect(filterParameters('patient={{%patient.id}}&status=active')).toEqual({ status: 'active' });
    expect(filterParameters('patient={{%patient}}', { reference: 'Group/g1' })).toEqual({});
    expect(filterParameters('encounter={{%encounter}}&patient={{%patient}}', patient)).toEqual({
      patient: 'Patient/p1',
    });
  });
});
