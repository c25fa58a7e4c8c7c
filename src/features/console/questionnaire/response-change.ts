import type { QuestionnaireResponse } from '@medplum/fhirtypes';
import { createChange, editChange, type LocalChange } from '@/ui';

export type ResponseStatus = 'in-progress' | 'completed';

/**
 * What a write of the answers leaves stored: the response built from them, keeping what the device
 * holds that the answers do not make. Its identifier (the device's, given at its create) stays; while
 * it is in progress its authored time stays too, so keeping the same answers again sends nothing.
 */
export function keptResponse(
  stored: QuestionnaireResponse,
  next: QuestionnaireResponse,
  status: ResponseStatus
): QuestionnaireResponse {
  const kept: QuestionnaireResponse = {
    ...next,
    ...(stored.identifier ? { identifier: stored.identifier } : {}),
  };
  if (status === 'completed') return kept;
  if (stored.authored) kept.authored = stored.authored;
  else delete kept.authored;
  return kept;
}

/**
 * The change that writes the answers: the first one creates the response, later ones patch what
 * changed (undefined when nothing did). Submitting is 'Submit questionnaire', keeping answers
 * 'Save questionnaire answers'.
 */
export function responseChange(
  stored: QuestionnaireResponse | null,
  next: QuestionnaireResponse,
  status: ResponseStatus
): LocalChange | undefined {
  const label = status === 'completed' ? 'Submit questionnaire' : 'Save questionnaire answers';
  if (!stored) return createChange(next, label);
  return editChange(stored, keptResponse(stored, next, status), { label });
}
