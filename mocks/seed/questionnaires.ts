import type {
  Coding,
  Patient,
  Questionnaire,
  QuestionnaireResponse,
  QuestionnaireResponseItem,
  QuestionnaireResponseItemAnswer,
  Reference,
  Resource,
} from '@medplum/fhirtypes';
import { ALICE_SMITH_ID, BOB_JONES_ID } from './constants';
import {
  coded,
  FREQUENCY,
  INTAKE_URL,
  intake,
  PHQ9_QUESTIONS,
  PHQ9_URL,
  phq9,
} from './questionnaire-definitions';
import { minutesFrom } from './time';

export { INTAKE_URL, PHQ9_URL } from './questionnaire-definitions';

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
                { valueCoding: coded('38341003')[0] as Coding },
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
              item('smoking', 'Do you smoke tobacco?', [{ valueCoding: coded('8517006')[0] as Coding }]),
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
