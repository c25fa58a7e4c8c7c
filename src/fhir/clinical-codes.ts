/**
 * Common codes a clinician picks when recording allergies, problems and medications: offered by the
 * patient summary's dialogs and used by the fake server's seed. Substances and findings are SNOMED
 * CT, medications RxNorm clinical drugs.
 */

export interface ClinicalCode {
  code: string;
  display: string;
}

/** One code a line: the code, a space, then its display. */
function codeList(lines: string): ClinicalCode[] {
  return lines
    .trim()
    .split('\n')
    .map((line) => {
      const [code = '', ...words] = line.trim().split(' ');
      return { code, display: words.join(' ') };
    });
}

export const RXNORM_SYSTEM = 'http://www.nlm.nih.gov/research/umls/rxnorm';

/** Substances people are commonly allergic or intolerant to. */
export const ALLERGY_CODES: readonly ClinicalCode[] = codeList(`
  373270004 Penicillin
  372687004 Amoxicillin
  387406002 Sulfamethoxazole
  387458008 Aspirin
  387207008 Ibuprofen
  111088007 Latex
  762952008 Peanut
  3718001 Cow's milk
  102263004 Eggs
  256259004 Pollen
  264287008 Animal dander
`);

/** What an allergic reaction shows as. */
export const REACTION_CODES: readonly ClinicalCode[] = codeList(`
  247472004 Hives
  271807003 Skin rash
  418290006 Itching
  39579001 Anaphylaxis
  267036007 Shortness of breath
  422587007 Nausea
  422400008 Vomiting
  76067001 Sneezing
  267038008 Swelling
`);

/** Problems of a primary care problem list. */
export const CONDITION_CODES: readonly ClinicalCode[] = codeList(`
  59621000 Essential hypertension
  44054006 Type 2 diabetes mellitus
  55822004 Hyperlipidemia
  195967001 Asthma
  13645005 Chronic obstructive lung disease
  49436004 Atrial fibrillation
  53741008 Coronary arteriosclerosis
  84114007 Heart failure
  35489007 Depressive disorder
  197480006 Anxiety disorder
  396275006 Osteoarthritis
  40930008 Hypothyroidism
  414916001 Obesity
  709044004 Chronic kidney disease
  235595009 Gastroesophageal reflux disease
  37796009 Migraine
`);

/** Medications of a primary care practice. */
export const MEDICATION_CODES: readonly ClinicalCode[] = codeList(`
  314076 lisinopril 10 MG Oral Tablet
  197361 amlodipine 5 MG Oral Tablet
  310798 hydrochlorothiazide 25 MG Oral Tablet
  860975 24 HR metformin hydrochloride 500 MG Extended Release Oral Tablet
  259255 atorvastatin 80 MG Oral Tablet
  314231 simvastatin 10 MG Oral Tablet
  966222 levothyroxine sodium 0.075 MG Oral Tablet
  855332 warfarin sodium 5 MG Oral Tablet
  312938 sertraline 100 MG Oral Tablet
  895994 120 ACTUAT fluticasone propionate 0.044 MG/ACTUAT Metered Dose Inhaler
  310965 ibuprofen 200 MG Oral Tablet
  313782 acetaminophen 325 MG Oral Tablet
`);
