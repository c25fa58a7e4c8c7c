import type {
  AllergyIntolerance,
  Condition,
  MedicationRequest,
  Observation,
  Patient,
  Reference,
  Resource,
} from '@medplum/fhirtypes';
import { ALLERGY_CODES, CONDITION_CODES, MEDICATION_CODES, REACTION_CODES } from '@/fhir/clinical-codes';
import { allergyResource, conditionResource, medicationResource } from '@/fhir/clinical-entries';
import {
  bloodPressureObservation,
  type RecordedFor,
  SMOKING_OPTIONS,
  smokingObservation,
  VITAL_SIGNS,
  vitalObservation,
} from '@/fhir/clinical-rules';
import { createRandom, type Random } from './random';
import { dateFrom, DAY_MINUTES, minutesFrom } from './time';

/** One patient in this many has no clinical record yet (a new registration). */
const WITHOUT_RECORD_EVERY = 6;
/** Clinic visits at which vitals were taken, in days before now. */
const VISIT_DAYS_AGO = [210, 95, 12] as const;

const ALLERGY_CATEGORY: Record<string, AllergyIntolerance['category']> = {
  '111088007': ['environment'],
  '762952008': ['food'],
  '3718001': ['food'],
  '102263004': ['food'],
  '256259004': ['environment'],
  '264287008': ['environment'],
};

const SIG = 'Take 1 tablet by mouth once daily';
const VERIFIED = 'confirmed';

/** Drugs a problem is commonly treated with (by display), so the lists agree with each other. */
const TREATMENTS: Record<string, string[]> = {
  'Essential hypertension': [
    'lisinopril 10 MG Oral Tablet',
    'amlodipine 5 MG Oral Tablet',
    'hydrochlorothiazide 25 MG Oral Tablet',
  ],
  'Type 2 diabetes mellitus': ['24 HR metformin hydrochloride 500 MG Extended Release Oral Tablet'],
  Hyperlipidemia: ['atorvastatin 80 MG Oral Tablet', 'simvastatin 10 MG Oral Tablet'],
  Asthma: ['120 ACTUAT fluticasone propionate 0.044 MG/ACTUAT Metered Dose Inhaler'],
  'Atrial fibrillation': ['warfarin sodium 5 MG Oral Tablet'],
  'Depressive disorder': ['sertraline 100 MG Oral Tablet'],
  Hypothyroidism: ['levothyroxine sodium 0.075 MG Oral Tablet'],
  Osteoarthritis: ['acetaminophen 325 MG Oral Tablet', 'ibuprofen 200 MG Oral Tablet'],
  Migraine: ['ibuprofen 200 MG Oral Tablet'],
};

const round = (value: number, digits = 0): number => Number(value.toFixed(digits));
const between = (rng: Random, low: number, high: number, digits = 0): number =>
  round(low + rng.next() * (high - low), digits);

function verification(system: string) {
  return { coding: [{ system, code: VERIFIED, display: 'Confirmed' }] };
}

function allergies(rng: Random, patient: Reference<Patient>, id: string, now: Date): AllergyIntolerance[] {
  const count = rng.weighted([
    [0, 3],
    [1, 4],
    [2, 2],
  ] as const);
  return rng
    .shuffle(ALLERGY_CODES)
    .slice(0, count)
    .map((substance, index) => ({
      ...allergyResource(
        {
          code: substance.display,
          clinicalStatus: rng.chance(0.85) ? 'active' : 'resolved',
          onset: dateFrom(now, -rng.int(400, 12_000)),
          reaction: rng.pick(REACTION_CODES).display,
        },
        patient
      ),
      id: `allergy-${id}-${index + 1}`,
      verificationStatus: verification(
        'http://terminology.hl7.org/CodeSystem/allergyintolerance-verification'
      ),
      category: ALLERGY_CATEGORY[substance.code] ?? ['medication'],
      criticality: rng.chance(0.2) ? 'high' : 'low',
      recordedDate: minutesFrom(now, -rng.int(30, 300) * DAY_MINUTES),
    }));
}

function problems(rng: Random, patient: Reference<Patient>, id: string, now: Date): Condition[] {
  return rng
    .shuffle(CONDITION_CODES)
    .slice(0, rng.int(1, 4))
    .map((problem, index) => ({
      ...conditionResource(
        {
          code: problem.display,
          clinicalStatus: rng.chance(0.85) ? 'active' : 'inactive',
          onset: dateFrom(now, -rng.int(200, 7_000)),
        },
        patient
      ),
      id: `condition-${id}-${index + 1}`,
      verificationStatus: verification('http://terminology.hl7.org/CodeSystem/condition-ver-status'),
      recordedDate: minutesFrom(now, -rng.int(30, 200) * DAY_MINUTES),
    }));
}

function medications(
  rng: Random,
  patient: Reference<Patient>,
  id: string,
  now: Date,
  treated: readonly Condition[],
  prescriber: Reference | undefined
): MedicationRequest[] {
  const names = new Set(
    treated.flatMap((condition) => TREATMENTS[condition.code?.text ?? '']?.slice(0, 1) ?? [])
  );
  if (names.size === 0 || rng.chance(0.3)) names.add(rng.pick(MEDICATION_CODES).display);
  return [...names].map((name, index) => ({
    ...medicationResource({ medication: name, status: rng.chance(0.8) ? 'active' : 'stopped' }, patient),
    id: `medication-request-${id}-${index + 1}`,
    authoredOn: minutesFrom(now, -rng.int(20, 700) * DAY_MINUTES),
    ...(prescriber ? { requester: prescriber as MedicationRequest['requester'] } : {}),
    dosageInstruction: [{ text: SIG }],
  }));
}

/** The readings of one adult at one visit, drifting a little between visits. */
interface Body {
  height: number;
  weight: number;
  systolic: number;
  diastolic: number;
}

function visitVitals(rng: Random, body: Body, recorded: RecordedFor, id: string): Observation[] {
  const weight = round(body.weight + between(rng, -2, 2, 1), 1);
  const bmi = round(weight / (body.height / 100) ** 2, 1);
  const values: Record<string, number> = {
    '8867-4': rng.int(58, 96),
    '8310-5': between(rng, 36.3, 37.3, 1),
    '9279-1': rng.int(12, 20),
    '8302-2': body.height,
    '29463-7': weight,
    '39156-5': bmi,
    '2708-6': rng.int(94, 100),
  };
  const pressure = bloodPressureObservation(
    { systolic: body.systolic + rng.int(-8, 8), diastolic: body.diastolic + rng.int(-5, 5) },
    recorded
  );
  const signs = VITAL_SIGNS.flatMap((sign) => {
    const value = values[sign.code];
    const observation = value === undefined ? undefined : vitalObservation(sign, value, recorded);
    return observation ? [{ ...observation, id: `${id}-${sign.code}` }] : [];
  });
  // Taken at a clinic visit and signed off there.
  return [...(pressure ? [{ ...pressure, id: `${id}-85354-9` }] : []), ...signs].map((observation) => ({
    ...observation,
    status: 'final',
  }));
}

function vitals(
  rng: Random,
  patient: Reference<Patient>,
  id: string,
  now: Date,
  performer?: Reference
): Observation[] {
  const body: Body = {
    height: rng.int(152, 192),
    weight: rng.int(52, 112),
    systolic: rng.int(108, 152),
    diastolic: rng.int(66, 94),
  };
  const visits = VISIT_DAYS_AGO.slice(rng.int(0, 1));
  return visits.flatMap((daysAgo, visit) =>
    visitVitals(
      rng,
      body,
      {
        subject: patient,
        effectiveDateTime: minutesFrom(now, -daysAgo * DAY_MINUTES + rng.int(8 * 60, 17 * 60)),
        ...(performer ? { performer: [performer as NonNullable<Observation['performer']>[number]] } : {}),
      },
      `vitals-${id}-${visit + 1}`
    )
  );
}

function smoking(rng: Random, patient: Reference<Patient>, id: string, now: Date): Observation[] {
  const option = rng.weighted(
    SMOKING_OPTIONS.map((item, index) => [item.code, index === 0 ? 8 : index === 7 ? 4 : 1] as const)
  );
  const observation = smokingObservation(option, {
    subject: patient,
    effectiveDateTime: minutesFrom(now, -rng.int(15, 400) * DAY_MINUTES),
  });
  return observation ? [{ ...observation, id: `smoking-status-${id}` }] : [];
}

/** The clinical record of one patient: allergies, problems, medications, smoking status and vitals. */
function clinicalRecord(rng: Random, patient: Patient, now: Date): Resource[] {
  const id = patient.id ?? '';
  const name = patient.name?.[0];
  const reference: Reference<Patient> = {
    reference: `Patient/${id}`,
    display: [name?.given?.[0], name?.family].filter(Boolean).join(' '),
  };
  const doctor = patient.generalPractitioner?.[0];
  const conditions = problems(rng, reference, id, now);
  return [
    ...allergies(rng, reference, id, now),
    ...conditions,
    ...medications(rng, reference, id, now, conditions, doctor),
    ...smoking(rng, reference, id, now),
    ...vitals(rng, reference, id, now, doctor),
  ];
}

/**
 * A project's resources followed by the clinical records of most of its patients, so every section
 * of the patient summary has something real; the same `now` always gives the same records.
 */
export function withClinicalRecords(resources: Resource[], now: Date, seed = 41): Resource[] {
  const rng = createRandom(seed);
  const patients = resources.filter((resource): resource is Patient => resource.resourceType === 'Patient');
  const records = patients.flatMap((patient, index) =>
    index % WITHOUT_RECORD_EVERY === WITHOUT_RECORD_EVERY - 1 ? [] : clinicalRecord(rng, patient, now)
  );
  return [...resources, ...records];
}
