import type {
  Coding,
  Extension,
  Patient,
  Questionnaire,
  QuestionnaireItem,
  QuestionnaireItemAnswerOption,
  QuestionnaireResponse,
  QuestionnaireResponseItem,
  QuestionnaireResponseItemAnswer,
  Reference,
  Resource,
} from '@medplum/fhirtypes';
import { ALICE_SMITH_ID, BOB_JONES_ID, LOINC_SYSTEM, SNOMED_SYSTEM } from './constants';
import { minutesFrom } from './time';

/** Where the product's own questionnaires are published (a reserved example domain). */
const QUESTIONNAIRE_BASE_URL = 'https://carequeue.example.org/fhir/Questionnaire';
export const PHQ9_URL = `${QUESTIONNAIRE_BASE_URL}/phq-9`;
export const INTAKE_URL = `${QUESTIONNAIRE_BASE_URL}/new-patient-intake`;

const ITEM_CONTROL_URL = 'http://hl7.org/fhir/StructureDefinition/questionnaire-itemControl';
const ITEM_CONTROL_SYSTEM = 'http://hl7.org/fhir/questionnaire-item-control';
const REFERENCE_RESOURCE_URL = 'http://hl7.org/fhir/StructureDefinition/questionnaire-referenceResource';
const REFERENCE_FILTER_URL = 'http://hl7.org/fhir/StructureDefinition/questionnaire-referenceFilter';
const GENDER_VALUESET_URL = 'http://hl7.org/fhir/ValueSet/administrative-gender';

function control(code: 'page' | 'drop-down'): Extension {
  return {
    url: ITEM_CONTROL_URL,
    valueCodeableConcept: { coding: [{ system: ITEM_CONTROL_SYSTEM, code }] },
  };
}

function options(codings: Coding[]): QuestionnaireItemAnswerOption[] {
  return codings.map((valueCoding) => ({ valueCoding }));
}

/** The LOINC answer list LL358-3: how often a problem bothered the patient over two weeks. */
const FREQUENCY: Coding[] = [
  { system: LOINC_SYSTEM, code: 'LA6568-5', display: 'Not at all' },
  { system: LOINC_SYSTEM, code: 'LA6569-3', display: 'Several days' },
  { system: LOINC_SYSTEM, code: 'LA6570-1', display: 'More than half the days' },
  { system: LOINC_SYSTEM, code: 'LA6571-9', display: 'Nearly every day' },
];
const NOT_AT_ALL = FREQUENCY[0] as Coding;

const PHQ9_QUESTIONS: [linkId: string, loinc: string, text: string][] = [
  ['phq9-1', '44250-9', 'Little interest or pleasure in doing things'],
  ['phq9-2', '44255-8', 'Feeling down, depressed, or hopeless'],
  ['phq9-3', '44259-0', 'Trouble falling or staying asleep, or sleeping too much'],
  ['phq9-4', '44254-1', 'Feeling tired or having little energy'],
  ['phq9-5', '44251-7', 'Poor appetite or overeating'],
  [
    'phq9-6',
    '44258-2',
    'Feeling bad about yourself, or that you are a failure or have let yourself or your family down',
  ],
  [
    'phq9-7',
    '44252-5',
    'Trouble concentrating on things, such as reading the newspaper or watching television',
  ],
  [
    'phq9-8',
    '44253-3',
    'Moving or speaking so slowly that other people could have noticed, or being so fidgety or restless that you have been moving around a lot more than usual',
  ],
  ['phq9-9', '44260-8', 'Thoughts that you would be better off dead, or of hurting yourself in some way'],
];

/**
 * A depression screening: nine frequency questions; the difficulty question appears once any
 * problem is reported, and the safety questions only when thoughts of self-harm are.
 */
function phq9(now: Date): Questionnaire {
  const questions: QuestionnaireItem[] = PHQ9_QUESTIONS.map(([linkId, code, text]) => ({
    linkId,
    code: [{ system: LOINC_SYSTEM, code }],
    text,
    type: 'choice',
    required: true,
    answerOption: options(FREQUENCY),
  }));
  return {
    resourceType: 'Questionnaire',
    id: 'questionnaire-phq-9',
    url: PHQ9_URL,
    version: '1.0.0',
    name: 'PHQ9',
    title: 'Patient Health Questionnaire (PHQ-9)',
    status: 'active',
    subjectType: ['Patient'],
    date: now.toISOString().slice(0, 10),
    publisher: 'CareQueue Health',
    code: [{ system: LOINC_SYSTEM, code: '44249-1', display: 'PHQ-9 quick depression assessment panel' }],
    description: 'Depression screening over the last two weeks, asked at annual visits and on referral.',
    item: [
      {
        linkId: 'phq9-intro',
        type: 'display',
        text: 'Over the last 2 weeks, how often have you been bothered by any of the following problems?',
      },
      ...questions,
      {
        linkId: 'phq9-difficulty',
        code: [{ system: LOINC_SYSTEM, code: '69722-7' }],
        text: 'How difficult have these problems made it for you to do your work, take care of things at home, or get along with other people?',
        type: 'choice',
        required: true,
        enableWhen: PHQ9_QUESTIONS.map(([linkId]) => ({
          question: linkId,
          operator: '!=',
          answerCoding: NOT_AT_ALL,
        })),
        enableBehavior: 'any',
        answerOption: options([
          { system: LOINC_SYSTEM, code: 'LA6572-7', display: 'Not difficult at all' },
          { system: LOINC_SYSTEM, code: 'LA6573-5', display: 'Somewhat difficult' },
          { system: LOINC_SYSTEM, code: 'LA6575-0', display: 'Very difficult' },
          { system: LOINC_SYSTEM, code: 'LA6574-3', display: 'Extremely difficult' },
        ]),
      },
      {
        linkId: 'safety',
        type: 'group',
        text: 'Safety check',
        enableWhen: [{ question: 'phq9-9', operator: '!=', answerCoding: NOT_AT_ALL }],
        item: [
          {
            linkId: 'safety-plan',
            type: 'boolean',
            text: 'Crisis line and safety plan discussed with the patient',
            required: true,
          },
          { linkId: 'safety-notes', type: 'text', text: 'Notes for the care team' },
        ],
      },
    ],
  };
}

const yesNo = (linkId: string, text: string, required = false): QuestionnaireItem => ({
  linkId,
  text,
  type: 'boolean',
  ...(required ? { required } : {}),
});

/** A new-patient intake over four pages, using every kind of answer the console renders. */
function intake(now: Date): Questionnaire {
  return {
    resourceType: 'Questionnaire',
    id: 'questionnaire-new-patient-intake',
    url: INTAKE_URL,
    version: '2.1.0',
    name: 'NewPatientIntake',
    title: 'New patient intake',
    status: 'active',
    subjectType: ['Patient'],
    date: now.toISOString().slice(0, 10),
    publisher: 'CareQueue Health',
    description: 'Filled in with the patient before their first visit.',
    item: [
      {
        linkId: 'about',
        type: 'group',
        text: 'About you',
        extension: [control('page')],
        item: [
          { linkId: 'preferred-name', type: 'string', text: 'Preferred name', required: true },
          { linkId: 'birth-date', type: 'date', text: 'Date of birth', required: true },
          {
            linkId: 'gender',
            type: 'choice',
            text: 'Gender',
            extension: [control('drop-down')],
            answerValueSet: GENDER_VALUESET_URL,
          },
          {
            linkId: 'language',
            type: 'open-choice',
            text: 'Preferred language',
            answerOption: [
              { valueString: 'English', initialSelected: true },
              { valueString: 'Spanish' },
              { valueString: 'Mandarin' },
              { valueString: 'Vietnamese' },
            ],
          },
          { linkId: 'phone', type: 'string', text: 'Mobile phone' },
          { linkId: 'website', type: 'url', text: 'Patient portal or personal health record link' },
        ],
      },
      {
        linkId: 'history',
        type: 'group',
        text: 'Health history',
        extension: [control('page')],
        item: [
          {
            linkId: 'conditions',
            type: 'choice',
            text: 'Do you have any of these conditions?',
            repeats: true,
            answerOption: options([
              { system: SNOMED_SYSTEM, code: '38341003', display: 'Hypertension' },
              { system: SNOMED_SYSTEM, code: '44054006', display: 'Type 2 diabetes' },
              { system: SNOMED_SYSTEM, code: '195967001', display: 'Asthma' },
              { system: SNOMED_SYSTEM, code: '35489007', display: 'Depression' },
            ]),
          },
          yesNo('has-allergies', 'Do you have any allergies?'),
          {
            linkId: 'allergy-details',
            type: 'text',
            text: 'What are you allergic to, and what happens?',
            required: true,
            enableWhen: [{ question: 'has-allergies', operator: '=', answerBoolean: true }],
          },
          { linkId: 'medications', type: 'string', text: 'Medicines you take', repeats: true },
          {
            linkId: 'height',
            type: 'quantity',
            text: 'Height (cm)',
            initial: [{ valueQuantity: { unit: 'cm', system: 'http://unitsofmeasure.org', code: 'cm' } }],
          },
          { linkId: 'weight', type: 'decimal', text: 'Weight (kg)' },
        ],
      },
      {
        linkId: 'lifestyle',
        type: 'group',
        text: 'Lifestyle',
        extension: [control('page')],
        item: [
          {
            linkId: 'smoking',
            type: 'choice',
            text: 'Do you smoke tobacco?',
            required: true,
            answerOption: options([
              { system: SNOMED_SYSTEM, code: '266919005', display: 'Never smoked' },
              { system: SNOMED_SYSTEM, code: '8517006', display: 'Ex-smoker' },
              { system: SNOMED_SYSTEM, code: '428041000124106', display: 'Occasional smoker' },
              { system: SNOMED_SYSTEM, code: '449868002', display: 'Daily smoker' },
            ]),
          },
          {
            linkId: 'packs-per-day',
            type: 'decimal',
            text: 'Packs a day',
            required: true,
            enableWhen: [
              {
                question: 'smoking',
                operator: '=',
                answerCoding: { system: SNOMED_SYSTEM, code: '428041000124106' },
              },
              {
                question: 'smoking',
                operator: '=',
                answerCoding: { system: SNOMED_SYSTEM, code: '449868002' },
              },
            ],
            enableBehavior: 'any',
          },
          { linkId: 'drinks-per-week', type: 'integer', text: 'Alcoholic drinks in a typical week' },
          {
            linkId: 'alcohol-advice',
            type: 'display',
            text: 'More than 14 drinks a week: the nurse will talk about safer limits at the visit.',
            enableWhen: [{ question: 'drinks-per-week', operator: '>', answerInteger: 14 }],
          },
          {
            linkId: 'exercise',
            type: 'choice',
            text: 'Exercise',
            extension: [control('drop-down')],
            answerOption: [
              { valueString: 'Rarely' },
              { valueString: '1–2 times a week' },
              { valueString: '3 or more times a week' },
            ],
          },
        ],
      },
      {
        linkId: 'care',
        type: 'group',
        text: 'Care and consent',
        extension: [control('page')],
        item: [
          {
            linkId: 'primary-care',
            type: 'reference',
            text: 'Primary care practitioner',
            extension: [
              { url: REFERENCE_RESOURCE_URL, valueCode: 'Practitioner' },
              { url: REFERENCE_FILTER_URL, valueString: 'active=true' },
            ],
          },
          { linkId: 'first-visit', type: 'dateTime', text: 'Preferred first visit' },
          { linkId: 'call-time', type: 'time', text: 'Best time to call' },
          { linkId: 'insurance-card', type: 'attachment', text: 'Photo of your insurance card' },
          {
            linkId: 'consent',
            type: 'boolean',
            text: 'I agree to be treated and to share my records with my care team',
            required: true,
          },
        ],
      },
    ],
  };
}

type Answer = QuestionnaireResponseItemAnswer;
const item = (linkId: string, text: string | undefined, answer: Answer[]): QuestionnaireResponseItem => ({
  linkId,
  ...(text ? { text } : {}),
  answer,
});

/** A PHQ-9 response giving these frequencies (0-3) to the nine questions. */
function phq9Answers(
  questionnaire: Questionnaire,
  scores: number[],
  difficulty?: string
): QuestionnaireResponseItem[] {
  const items = PHQ9_QUESTIONS.map(([linkId, , text], index) =>
    item(linkId, text, [{ valueCoding: FREQUENCY[scores[index] ?? 0] as Coding }])
  );
  const difficultyItem = questionnaire.item?.find((entry) => entry.linkId === 'phq9-difficulty');
  const chosen = difficultyItem?.answerOption?.find((option) => option.valueCoding?.display === difficulty);
  return chosen?.valueCoding
    ? [...items, item('phq9-difficulty', difficultyItem?.text, [{ valueCoding: chosen.valueCoding }])]
    : items;
}

function response(
  id: string,
  url: string,
  patient: Patient,
  status: QuestionnaireResponse['status'],
  authored: string,
  author: string,
  items: QuestionnaireResponseItem[]
): QuestionnaireResponse {
  const name = patient.name?.[0];
  const subject: Reference<Patient> = {
    reference: `Patient/${patient.id}`,
    display: `${name?.given?.[0] ?? ''} ${name?.family ?? ''}`.trim(),
  };
  return {
    resourceType: 'QuestionnaireResponse',
    id,
    questionnaire: url,
    status,
    subject,
    source: subject,
    author: { reference: `Practitioner/${author}` },
    authored,
    item: items,
  };
}

/** The two questionnaires and a few responses of the project's first patients. */
export function buildQuestionnaires(patients: Patient[], now: Date): Resource[] {
  const screening = phq9(now);
  const form = intake(now);
  const [first, second, third, fourth] = patients;
  const responses: QuestionnaireResponse[] = [];
  if (first) {
    responses.push(
      response(
        'questionnaireresponse-phq9-1',
        PHQ9_URL,
        first,
        'completed',
        minutesFrom(now, -9 * 24 * 60),
        ALICE_SMITH_ID,
        [...phq9Answers(screening, [0, 0, 0, 0, 0, 0, 0, 0, 0])]
      )
    );
  }
  if (second) {
    responses.push(
      response(
        'questionnaireresponse-phq9-2',
        PHQ9_URL,
        second,
        'completed',
        minutesFrom(now, -3 * 24 * 60),
        ALICE_SMITH_ID,
        [...phq9Answers(screening, [2, 2, 1, 3, 1, 1, 2, 0, 0], 'Somewhat difficult')]
      )
    );
  }
  if (third) {
    responses.push(
      response(
        'questionnaireresponse-intake-1',
        INTAKE_URL,
        third,
        'completed',
        minutesFrom(now, -20 * 24 * 60),
        BOB_JONES_ID,
        [
          {
            linkId: 'about',
            text: 'About you',
            item: [
              item('preferred-name', 'Preferred name', [
                { valueString: third.name?.[0]?.given?.[0] ?? 'Sam' },
              ]),
              item('birth-date', 'Date of birth', [{ valueDate: third.birthDate ?? '1970-01-01' }]),
              item('language', 'Preferred language', [{ valueString: 'English' }]),
            ],
          },
          {
            linkId: 'history',
            text: 'Health history',
            item: [
              item('conditions', 'Do you have any of these conditions?', [
                { valueCoding: { system: SNOMED_SYSTEM, code: '38341003', display: 'Hypertension' } },
              ]),
              item('has-allergies', 'Do you have any allergies?', [{ valueBoolean: true }]),
              item('allergy-details', 'What are you allergic to, and what happens?', [
                { valueString: 'Penicillin: hives within an hour.' },
              ]),
              item('medications', 'Medicines you take', [
                { valueString: 'Lisinopril 10 mg daily' },
                { valueString: 'Atorvastatin 20 mg at night' },
              ]),
            ],
          },
          {
            linkId: 'lifestyle',
            text: 'Lifestyle',
            item: [
              item('smoking', 'Do you smoke tobacco?', [
                { valueCoding: { system: SNOMED_SYSTEM, code: '8517006', display: 'Ex-smoker' } },
              ]),
              item('drinks-per-week', 'Alcoholic drinks in a typical week', [{ valueInteger: 4 }]),
            ],
          },
          {
            linkId: 'care',
            text: 'Care and consent',
            item: [
              item('consent', 'I agree to be treated and to share my records with my care team', [
                { valueBoolean: true },
              ]),
            ],
          },
        ]
      )
    );
  }
  if (fourth) {
    responses.push(
      response(
        'questionnaireresponse-intake-2',
        INTAKE_URL,
        fourth,
        'in-progress',
        minutesFrom(now, -50),
        BOB_JONES_ID,
        [
          {
            linkId: 'about',
            text: 'About you',
            item: [
              item('preferred-name', 'Preferred name', [
                { valueString: fourth.name?.[0]?.given?.[0] ?? 'Alex' },
              ]),
            ],
          },
        ]
      )
    );
  }
  return [screening, form, ...responses];
}

/** The main project's resources with the questionnaires and their responses added. */
export function withQuestionnaires(resources: Resource[], now: Date): Resource[] {
  const patients = resources.filter((resource): resource is Patient => resource.resourceType === 'Patient');
  return [...resources, ...buildQuestionnaires(patients, now)];
}
