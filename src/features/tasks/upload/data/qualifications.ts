import type { PractitionerQualification } from '@medplum/fhirtypes';
import { licenceQualification, type Licence } from '@/fhir/qualifications';

const LICENCES: Licence[] = [
  { state: 'NY', issuer: 'New York State Education Department', number: 'NY-MD-284519', since: '2012-07-01' },
  { state: 'CA', issuer: 'Medical Board of California', number: 'CA-A-139027', since: '2015-03-15' },
  { state: 'TX', issuer: 'Texas Medical Board', number: 'TX-R-77341', since: '2019-10-01' },
];

/** Medical licences in New York, California and Texas: the state queues of the user. */
export const EXAMPLE_QUALIFICATIONS: PractitionerQualification[] = LICENCES.map((licence) =>
  licenceQualification('MD', licence)
);
