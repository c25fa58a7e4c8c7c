import type { PractitionerQualification } from '@medplum/fhirtypes';
import {
  DEGREE_SYSTEM,
  QUALIFICATION_EXTENSION_URL,
  STATES,
  STATE_SYSTEM,
  type StateCode,
} from './product-codes';

export const DEGREE_DISPLAYS = {
  MD: 'Doctor of Medicine',
  RN: 'Registered Nurse',
  NP: 'Nurse Practitioner',
  PA: 'Physician Assistant',
} as const;

export type Degree = keyof typeof DEGREE_DISPLAYS;

/** A state licence to practise, as a practitioner's qualification records it. */
export interface Licence {
  state: StateCode;
  issuer: string;
  number: string;
  /** The date the licence was first issued (YYYY-MM-DD). */
  since: string;
}

/**
 * A practitioner's licence as a qualification: the degree as its code, the state where it is valid
 * in the qualification extension (the state queues are read from there).
 */
export function licenceQualification(degree: Degree, licence: Licence): PractitionerQualification {
  return {
    identifier: [{ value: licence.number }],
    code: {
      coding: [{ system: DEGREE_SYSTEM, code: degree, display: DEGREE_DISPLAYS[degree] }],
      text: degree,
    },
    period: { start: licence.since },
    issuer: { display: licence.issuer },
    extension: [
      {
        url: QUALIFICATION_EXTENSION_URL,
        extension: [
          { url: 'status', valueCode: 'active' },
          {
            url: 'whereValid',
            valueCodeableConcept: {
              coding: [{ system: STATE_SYSTEM, code: licence.state, display: STATES[licence.state] }],
              text: STATES[licence.state],
            },
          },
        ],
      },
    ],
  };
}
