import type { PractitionerQualification } from '@medplum/fhirtypes';
import { DEGREE_SYSTEM, QUALIFICATION_EXTENSION_URL, stateCoding, STATES, type StateCode } from './codes';

const LICENSES: { state: StateCode; issuer: string; number: string; since: string }[] = [
  { state: 'NY', issuer: 'New York State Education Department', number: 'NY-MD-284519', since: '2012-07-01' },
  { state: 'CA', issuer: 'Medical Board of California', number: 'CA-A-139027', since: '2015-03-15' },
  { state: 'TX', issuer: 'Texas Medical Board', number: 'TX-R-77341', since: '2019-10-01' },
];

/** Medical licences in New York, California and Texas: the state queues of the user. */
export const EXAMPLE_QUALIFICATIONS: PractitionerQualification[] = LICENSES.map((license) => ({
  identifier: [{ value: license.number }],
  code: { coding: [{ system: DEGREE_SYSTEM, code: 'MD', display: 'Doctor of Medicine' }], text: 'MD' },
  period: { start: license.since },
  issuer: { display: license.issuer },
  extension: [
    {
      url: QUALIFICATION_EXTENSION_URL,
      extension: [
        { url: 'status', valueCode: 'active' },
        {
          url: 'whereValid',
          valueCodeableConcept: { coding: [stateCoding(license.state)], text: STATES[license.state] },
        },
      ],
    },
  ],
}));
