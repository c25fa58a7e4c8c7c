import {
  ALICE_SMITH_ID,
  BOB_JONES_ID,
  CAROL_WHITE_ID,
  CAROL_WHITE_RIVERSIDE_ID,
  DAN_BROWN_ID,
} from './constants';
import type { PractitionerSpec } from './practitioners';

const NY_MEDICAL_BOARD = 'New York State Education Department, Office of the Professions';
const CA_MEDICAL_BOARD = 'Medical Board of California';
const TX_MEDICAL_BOARD = 'Texas Medical Board';

export const ALICE_SMITH: PractitionerSpec = {
  id: ALICE_SMITH_ID,
  given: 'Alice',
  family: 'Smith',
  prefix: 'Dr.',
  degree: 'MD',
  gender: 'female',
  birthDate: '1979-04-12',
  npiBody: '148203957',
  email: 'doctor@example.com',
  roles: ['doctor'],
  licenses: [
    { state: 'NY', issuer: NY_MEDICAL_BOARD, number: '284417', since: '2008-07-01' },
    { state: 'CA', issuer: CA_MEDICAL_BOARD, number: 'A 131072', since: '2014-03-15' },
  ],
};

export const BOB_JONES: PractitionerSpec = {
  id: BOB_JONES_ID,
  given: 'Bob',
  family: 'Jones',
  degree: 'RN',
  gender: 'male',
  birthDate: '1986-09-03',
  npiBody: '152930481',
  email: 'nurse@example.com',
  roles: ['registeredNurse'],
  licenses: [{ state: 'TX', issuer: 'Texas Board of Nursing', number: '812275', since: '2011-06-20' }],
};

export const CAROL_WHITE: PractitionerSpec = {
  id: CAROL_WHITE_ID,
  given: 'Carol',
  family: 'White',
  gender: 'female',
  birthDate: '1983-01-22',
  npiBody: '161047723',
  email: 'coordinator@example.com',
  roles: ['careCoordinator'],
  licenses: [],
};

export const DAN_BROWN: PractitionerSpec = {
  id: DAN_BROWN_ID,
  given: 'Dan',
  family: 'Brown',
  prefix: 'Dr.',
  degree: 'MD',
  gender: 'male',
  birthDate: '1972-11-30',
  npiBody: '139577260',
  email: 'mfa@example.com',
  roles: ['doctor'],
  licenses: [{ state: 'TX', issuer: TX_MEDICAL_BOARD, number: 'N4417', since: '2001-09-01' }],
};

/** Staff without a login: they own tasks, write notes and answer messages. */
export const OTHER_STAFF: PractitionerSpec[] = [
  {
    id: 'practitioner-marcus-lee',
    given: 'Marcus',
    family: 'Lee',
    prefix: 'Dr.',
    degree: 'MD',
    gender: 'male',
    birthDate: '1975-06-08',
    npiBody: '174820396',
    email: 'marcus.lee@carequeue.example.org',
    roles: ['doctor'],
    licenses: [{ state: 'NY', issuer: NY_MEDICAL_BOARD, number: '301956', since: '2005-08-12' }],
  },
  {
    id: 'practitioner-priya-raman',
    given: 'Priya',
    family: 'Raman',
    degree: 'NP',
    gender: 'female',
    birthDate: '1984-02-17',
    npiBody: '183305912',
    email: 'priya.raman@carequeue.example.org',
    roles: ['nursePractitioner'],
    licenses: [
      {
        state: 'CA',
        issuer: 'California Board of Registered Nursing',
        number: 'NP 95521',
        since: '2013-01-04',
      },
    ],
  },
  {
    id: 'practitioner-elena-ortiz',
    given: 'Elena',
    family: 'Ortiz',
    degree: 'RN',
    gender: 'female',
    birthDate: '1990-10-25',
    npiBody: '195567034',
    email: 'elena.ortiz@carequeue.example.org',
    roles: ['registeredNurse'],
    licenses: [{ state: 'NY', issuer: NY_MEDICAL_BOARD, number: '702318', since: '2015-05-30' }],
  },
  {
    id: 'practitioner-samuel-greene',
    given: 'Samuel',
    family: 'Greene',
    degree: 'PA',
    gender: 'male',
    birthDate: '1988-12-01',
    npiBody: '126650478',
    email: 'samuel.greene@carequeue.example.org',
    roles: ['assistant'],
    licenses: [
      { state: 'TX', issuer: 'Texas Physician Assistant Board', number: 'PA08831', since: '2016-02-11' },
    ],
  },
  {
    id: 'practitioner-hannah-kim',
    given: 'Hannah',
    family: 'Kim',
    gender: 'female',
    birthDate: '1992-03-14',
    npiBody: '140918265',
    email: 'hannah.kim@carequeue.example.org',
    roles: ['careTeamCoordinator', 'careCoordinator'],
    licenses: [],
  },
  {
    id: 'practitioner-olivia-bennett',
    given: 'Olivia',
    family: 'Bennett',
    gender: 'female',
    birthDate: '1981-07-29',
    npiBody: '168274109',
    email: 'olivia.bennett@carequeue.example.org',
    roles: ['medicalBillingSpecialist'],
    licenses: [],
  },
  {
    id: 'practitioner-rafael-moreno',
    given: 'Rafael',
    family: 'Moreno',
    gender: 'male',
    birthDate: '1978-05-19',
    npiBody: '177093342',
    email: 'rafael.moreno@carequeue.example.org',
    roles: ['qualityAssurance'],
    licenses: [],
  },
];

export const MAIN_STAFF: PractitionerSpec[] = [
  ALICE_SMITH,
  BOB_JONES,
  CAROL_WHITE,
  DAN_BROWN,
  ...OTHER_STAFF,
];

/** Clinicians who write notes and answer patients (not billing or quality staff). */
export const MAIN_CLINICIANS: PractitionerSpec[] = MAIN_STAFF.filter((spec) =>
  spec.roles.some((role) =>
    ['doctor', 'nursePractitioner', 'registeredNurse', 'careCoordinator', 'assistant'].includes(role)
  )
);

export const CAROL_WHITE_RIVERSIDE: PractitionerSpec = {
  ...CAROL_WHITE,
  id: CAROL_WHITE_RIVERSIDE_ID,
};

export const RIVERSIDE_STAFF: PractitionerSpec[] = [
  CAROL_WHITE_RIVERSIDE,
  {
    id: 'riverside-practitioner-nadia-haddad',
    given: 'Nadia',
    family: 'Haddad',
    prefix: 'Dr.',
    degree: 'MD',
    gender: 'female',
    birthDate: '1977-08-09',
    npiBody: '186402217',
    email: 'nadia.haddad@riverside.example.org',
    roles: ['doctor'],
    licenses: [{ state: 'CA', issuer: CA_MEDICAL_BOARD, number: 'G 88104', since: '2004-10-01' }],
  },
  {
    id: 'riverside-practitioner-kevin-park',
    given: 'Kevin',
    family: 'Park',
    degree: 'RN',
    gender: 'male',
    birthDate: '1991-04-02',
    npiBody: '131558840',
    email: 'kevin.park@riverside.example.org',
    roles: ['registeredNurse'],
    licenses: [
      {
        state: 'CA',
        issuer: 'California Board of Registered Nursing',
        number: '954410',
        since: '2017-07-07',
      },
    ],
  },
];
