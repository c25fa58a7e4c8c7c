/**
 * Conversations between a patient and the care team. Lines alternate, the patient first; a thread
 * uses the first two to six lines, so it ends with the patient (waiting for an answer) after an odd
 * number of lines and with the care team after an even number. `{first}` is the patient's first
 * name and `{staff}` how the answering clinician signs.
 */
export interface MessageScript {
  topic: string;
  lines: readonly [string, string, string, string, string, string];
}

export const MESSAGE_SCRIPTS: readonly MessageScript[] = [
  {
    topic: 'Lab test results',
    lines: [
      'Hi, I had blood drawn on Monday. Are my results back yet?',
      'Hi {first}, your results came in this morning. Most values are in range; your LDL cholesterol is a little high. {staff}',
      'Is that something I need medication for?',
      'Not right away. We suggest diet changes and a repeat lipid panel in three months. {staff}',
      'OK. Can I get the repeat test at the lab near my work?',
      'Yes, any of our partner labs will do. The order is already in the system. {staff}',
    ],
  },
  {
    topic: 'Schedule a Physical',
    lines: [
      "Hello, I'd like to book my annual physical. Mornings work best for me.",
      'Hi {first}, we have openings next Tuesday at 8:30 and Thursday at 9:15. Which do you prefer? {staff}',
      'Thursday at 9:15 please. Do I need to fast beforehand?',
      'You are booked for Thursday at 9:15. Please fast for 10 hours before, water is fine. {staff}',
      'Great, thank you. Should I bring my medication list?',
      'Yes please, and your insurance card. See you Thursday! {staff}',
    ],
  },
  {
    topic: 'Prescription Refill',
    lines: [
      "I'm down to my last few lisinopril tablets. Can you send a refill to my pharmacy?",
      'Hi {first}, I can help with that. Is it still the pharmacy on file? {staff}',
      'Yes, same pharmacy. Could it be a 90-day supply this time?',
      'Done: a 90-day supply with one refill was sent. It should be ready tomorrow afternoon. {staff}',
      'Thanks! Do I need a blood pressure check before the next refill?',
      "Yes, let's see you in about three months with a home BP log. {staff}",
    ],
  },
  {
    topic: 'Medication side effects',
    lines: [
      "Since starting the new metformin I've had an upset stomach most mornings. Is that normal?",
      'Hi {first}, stomach upset is common in the first weeks. Are you taking it with food? {staff}',
      'I take it before breakfast, on an empty stomach.',
      'Try taking it with breakfast instead. If it continues after two weeks we can switch to the extended-release form. {staff}',
      "It's a bit better with food, but still some cramping.",
      "Thanks for letting us know. I'll talk to the doctor about the extended-release version today. {staff}",
    ],
  },
  {
    topic: 'Blood pressure readings',
    lines: [
      'My home readings this week have been around 148/92. Should I be worried?',
      'Hi {first}, thanks for tracking. Are you measuring after sitting quietly for five minutes? {staff}',
      'Yes, every morning before coffee. Yesterday it was 151/94.',
      "Those are above your goal. Please keep logging twice a day; we'd like to adjust your dose. {staff}",
      'Should I come in or can we do this over video?',
      'A video visit is fine. Our scheduler will reach out with times for this week. {staff}',
    ],
  },
  {
    topic: 'Referral to specialist',
    lines: [
      'The knee pain is not improving with physical therapy. Can I get a referral to orthopedics?',
      'Hi {first}, sorry to hear that. How long have you been doing PT, and is there any swelling? {staff}',
      'About six weeks now. Some swelling after long walks.',
      "That's reasonable grounds for a referral. I'm sending it to orthopedics with your recent X-ray. {staff}",
      'Will my insurance need a pre-authorization for that?',
      "Your plan doesn't need one for an orthopedic consult. They will call you within a few days. {staff}",
    ],
  },
  {
    topic: 'Vaccination records',
    lines: [
      "My daughter's school needs a copy of her immunization record. Can you send it?",
      'Hi {first}, of course. Should it go to your patient portal or be mailed? {staff}',
      'The portal is easiest. Is her Tdap booster up to date?',
      'The record is now in your portal. Her Tdap booster is due this year; we can give it at her next visit. {staff}',
      'Can we do it before school starts in two weeks?',
      "Yes, we have nurse-only visits most afternoons. I'll have the front desk call you. {staff}",
    ],
  },
  {
    topic: 'Post-visit follow-up',
    lines: [
      "I was seen last week for bronchitis. The cough is better but I'm still wheezing at night.",
      'Hi {first}, are you using the inhaler that was prescribed, and how often? {staff}',
      'Two puffs in the evening. I ran out of the prednisone yesterday.',
      'Please use the inhaler up to every 4-6 hours as needed. If the wheezing is not better in 3 days, come in. {staff}',
      "Will do. I don't have a fever anymore.",
      "Good to hear. Call us right away if you're short of breath at rest. {staff}",
    ],
  },
  {
    topic: 'Billing question',
    lines: [
      'I got a bill for my last visit but I thought it was covered as preventive care. Can someone check?',
      'Hi {first}, I can look into it. Do you have the statement date or the amount? {staff}',
      'It is dated the 3rd, for $185.',
      'Thanks. Part of that visit was coded as a problem visit; I have asked billing to review the codes. {staff}',
      'Should I wait before paying it?',
      'Yes, hold off for now. Billing will send a corrected statement if it changes. {staff}',
    ],
  },
  {
    topic: 'Imaging appointment',
    lines: [
      'I need to schedule the ultrasound Dr. Smith ordered. Where do I go?',
      'Hi {first}, the ultrasound is done at our imaging center on the second floor. Is this week possible for you? {staff}',
      'Friday afternoon would work. Anything I need to do to prepare?',
      "You're booked for Friday at 2:00 pm. Please drink 32 oz of water an hour before and don't empty your bladder. {staff}",
      'Got it. How long will it take?',
      'About 30 minutes. Results usually reach your doctor within two business days. {staff}',
    ],
  },
];
