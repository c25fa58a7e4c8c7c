import type { TaskType } from './codes';

/** What staff write in task notes, by task type. */
export const NOTE_TEXTS: Record<TaskType, readonly string[]> = {
  'respond-to-message': [
    'Called the patient back, no answer. Left a voicemail asking them to check the portal.',
    'Patient prefers text over phone calls after 5 pm.',
    'Needs input from the doctor before we reply; flagged for review.',
    'Replied in the portal; waiting to see whether the patient has more questions.',
    'Spoke with the patient by phone and documented the advice in the chart.',
    'Patient confirmed they received the answer and have no further questions.',
  ],
  'schedule-appointment': [
    'Offered two morning slots; patient will confirm after checking work schedule.',
    'Patient needs a Spanish interpreter for the visit.',
    'Transportation requested through the member benefit; confirm pickup the day before.',
    'Booked, reminder text scheduled 48 hours before the visit.',
    'Patient asked for a telehealth visit instead of in person.',
    'Left a message with the patient to choose a time.',
  ],
  'review-diagnostic-report': [
    'Results reviewed; abnormal values flagged for discussion at the next visit.',
    'Called the patient to explain the results; questions answered.',
    'Reviewed, no action needed. Patient notified through the portal.',
    'Needs sign-off from the attending before the results are released to the portal.',
    'Ordered a repeat panel in three months; patient to book a lab visit.',
    'Compared with the previous results: stable, continue current treatment.',
  ],

  'verify-drivers-license': [
    'Name on the license matches the registration; address differs, asked the patient to confirm.',
    'Image is blurry; requested a new photo of the front.',
    'License expired last month; patient will upload the renewed one.',
    'Verified against the registration, date of birth matches.',
    'Photo uploaded at the front desk; needs a second reviewer.',
  ],
};

/** Why an appointment needs scheduling. */
export const APPOINTMENT_REASONS: readonly string[] = [
  'an annual physical',
  'a diabetes follow-up',
  'a post-discharge visit',
  'a medication review',
  'a blood pressure check',
  'a lab result discussion',
  'a pre-operative evaluation',
  'a fall-risk assessment',
];
