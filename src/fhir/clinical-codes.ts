/**
 * Common codes a clinician picks when recording allergies, problems and medications: offered by the
 * patient summary's dialogs and used by the fake server's seed. Substances and findings are SNOMED
 * CT, medications RxNorm clinical drugs.
 */

export interface ClinicalCode {
  code: string;
  display: string;
}

export const RXNORM_SYSTEM = 'http://www.nlm.nih.gov/research/umls/rxnorm';

/** Substances people are commonly allergic or intolerant to. */
export const ALLERGY_CODES: readonly ClinicalCode[] = [
  { code: '373270004', display: 'Penicillin' },
  { code: '372687004', display: 'Amoxicillin' },
  { code: '387406002', display: 'Sulfamethoxazole' },
  { code: '387458008', display: 'Aspirin' },
  { code: '387207008', display: 'Ibuprofen' },
  { code: '111088007', display: 'Latex' },
  { code: '762952008', display: 'Peanut' },
  { code: '3718001', display: "Cow's milk" },
  { code: '102263004', display: 'Eggs' },
  { code: '256259004', display: 'Pollen' },
  { code: '264287008', display: 'Animal dander' },
];

/** What an allergic reaction shows as. */
export const REACTION_CODES: readonly ClinicalCode[] = [
  { code: '247472004', display: 'Hives' },
  { code: '271807003', display: 'Skin rash' },
  { code: '418290006', display: 'Itching' },
  { code: '39579001', display: 'Anaphylaxis' },
  { code: '267036007', display: 'Shortness of breath' },
  { code: '422587007', display: 'Nausea' },
  { code: '422400008', display: 'Vomiting' },
  { code: '76067001', display: 'Sneezing' },
  { code: '267038008', display: 'Swelling' },
];

/** Problems of a primary care problem list. */
export const CONDITION_CODES: readonly ClinicalCode[] = [
  { code: '59621000', display: 'Essential hypertension' },
  { code: '44054006', display: 'Type 2 diabetes mellitus' },
  { code: '55822004', display: 'Hyperlipidemia' },
  { code: '195967001', display: 'Asthma' },
  { code: '13645005', display: 'Chronic obstructive lung disease' },
  { code: '49436004', display: 'Atrial fibrillation' },
  { code: '53741008', display: 'Coronary arteriosclerosis' },
  { code: '84114007', display: 'Heart failure' },
  { code: '35489007', display: 'Depressive disorder' },
  { code: '197480006', display: 'Anxiety disorder' },
  { code: '396275006', display: 'Osteoarthritis' },
  { code: '40930008', display: 'Hypothyroidism' },
  { code: '414916001', display: 'Obesity' },
  { code: '709044004', display: 'Chronic kidney disease' },
  { code: '235595009', display: 'Gastroesophageal reflux disease' },
  { code: '37796009', display: 'Migraine' },
];

/** Medications of a primary care practice. */
export const MEDICATION_CODES: readonly ClinicalCode[] = [
  { code: '314076', display: 'lisinopril 10 MG Oral Tablet' },
  { code: '197361', display: 'amlodipine 5 MG Oral Tablet' },
  { code: '310798', display: 'hydrochlorothiazide 25 MG Oral Tablet' },
  { code: '860975', display: '24 HR metformin hydrochloride 500 MG Extended Release Oral Tablet' },
  { code: '259255', display: 'atorvastatin 80 MG Oral Tablet' },
  { code: '314231', display: 'simvastatin 10 MG Oral Tablet' },
  { code: '966222', display: 'levothyroxine sodium 0.075 MG Oral Tablet' },
  { code: '855332', display: 'warfarin sodium 5 MG Oral Tablet' },
  { code: '312938', display: 'sertraline 100 MG Oral Tablet' },
  { code: '895994', display: '120 ACTUAT fluticasone propionate 0.044 MG/ACTUAT Metered Dose Inhaler' },
  { code: '310965', display: 'ibuprofen 200 MG Oral Tablet' },
  { code: '313782', display: 'acetaminophen 325 MG Oral Tablet' },
];
