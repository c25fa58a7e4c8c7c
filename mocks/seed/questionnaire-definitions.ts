import type {
  Coding,
  Extension,
  Questionnaire,
  QuestionnaireItem,
  QuestionnaireItemAnswerOption,
} from '@medplum/fhirtypes';
import { LOINC_SYSTEM, SNOMED_SYSTEM } from './constants';
import answerDisplays from './questionnaire-answers.json';

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

/** The codings of answers: LOINC answer codes (LA…), else SNOMED CT, named as the table says. */
export function coded(...codes: string[]): Coding[] {
  const displays = answerDisplays as Record<string, string>;
  return codes.map((code) => ({
    system: code.startsWith('LA') ? LOINC_SYSTEM : SNOMED_SYSTEM,
    code,
    display: displays[code],
  }));
}

function options(codings: Coding[]): QuestionnaireItemAnswerOption[] {
  return codings.map((valueCoding) => ({ valueCoding }));
}

/** One page of a paged questionnaire: a group drawn as a step of its own. */
function page(linkId: string, text: string, item: QuestionnaireItem[]): QuestionnaireItem {
  return { linkId, type: 'group', text, extension: [control('page')], item };
}

/** A question with nothing more than its kind and wording. */
function question(linkId: string, type: QuestionnaireItem['type'], text: string): QuestionnaireItem {
  return { linkId, type, text };
}

/** The LOINC answer list LL358-3: how often a problem bothered the patient over two weeks. */
export const FREQUENCY = coded('LA6568-5', 'LA6569-3', 'LA6570-1', 'LA6571-9');
const NOT_AT_ALL = FREQUENCY[0] as Coding;

export const PHQ9_QUESTIONS: [linkId: string, loinc: string, text: string][] = [
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
export function phq9(now: Date): Questionnaire {
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
        answerOption: options(coded('LA6572-7', 'LA6573-5', 'LA6575-0', 'LA6574-3')),
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
          question('safety-notes', 'text', 'Notes for the care team'),
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
export function intake(now: Date): Questionnaire {
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
      page('about', 'About you', [
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
        question('phone', 'string', 'Mobile phone'),
        question('website', 'url', 'Patient portal or personal health record link'),
      ]),
      page('history', 'Health history', [
        {
          linkId: 'conditions',
          type: 'choice',
          text: 'Do you have any of these conditions?',
          repeats: true,
          answerOption: options(coded('38341003', '44054006', '195967001', '35489007')),
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
        question('weight', 'decimal', 'Weight (kg)'),
      ]),
      page('lifestyle', 'Lifestyle', [
        {
          linkId: 'smoking',
          type: 'choice',
          text: 'Do you smoke tobacco?',
          required: true,
          answerOption: options(coded('266919005', '8517006', '428041000124106', '449868002')),
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
        question('drinks-per-week', 'integer', 'Alcoholic drinks in a typical week'),
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
      ]),
      page('care', 'Care and consent', [
        {
          linkId: 'primary-care',
          type: 'reference',
          text: 'Primary care practitioner',
          extension: [
            { url: REFERENCE_RESOURCE_URL, valueCode: 'Practitioner' },
            { url: REFERENCE_FILTER_URL, valueString: 'active=true' },
          ],
        },
        question('first-visit', 'dateTime', 'Preferred first visit'),
        question('call-time', 'time', 'Best time to call'),
        question('insurance-card', 'attachment', 'Photo of your insurance card'),
        {
          linkId: 'consent',
          type: 'boolean',
          text: 'I agree to be treated and to share my records with my care team',
          required: true,
        },
      ]),
    ],
  };
}
