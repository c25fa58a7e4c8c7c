/** Laboratory panels with LOINC codes, UCUM units and adult reference ranges. */
export interface AnalyteSpec {
  loinc: string;
  display: string;
  unit: string;
  /** UCUM code of the unit. */
  ucum: string;
  low?: number;
  high?: number;
  /** Range that generated values are drawn from (a little wider than the reference range). */
  min: number;
  max: number;
  decimals: number;
}

export interface PanelSpec {
  loinc: string;
  display: string;
  /** What staff call it. */
  title: string;
  analytes: readonly AnalyteSpec[];
}

const MG_DL = { unit: 'mg/dL', ucum: 'mg/dL' };
const MMOL_L = { unit: 'mmol/L', ucum: 'mmol/L' };

export const LAB_PANELS: readonly PanelSpec[] = [
  {
    loinc: '24331-1',
    display: 'Lipid panel - Serum or Plasma',
    title: 'Lipid panel',
    analytes: [
      {
        loinc: '2093-3',
        display: 'Cholesterol [Mass/volume] in Serum or Plasma',
        ...MG_DL,
        high: 200,
        min: 140,
        max: 265,
        decimals: 0,
      },
      { loinc: '2085-9', display: 'HDL Cholesterol', ...MG_DL, low: 40, min: 28, max: 85, decimals: 0 },
      {
        loinc: '13457-7',
        display: 'LDL Cholesterol (calculated)',
        ...MG_DL,
        high: 100,
        min: 60,
        max: 180,
        decimals: 0,
      },
      {
        loinc: '2571-8',
        display: 'Triglyceride [Mass/volume] in Serum or Plasma',
        ...MG_DL,
        high: 150,
        min: 70,
        max: 260,
        decimals: 0,
      },
    ],
  },
  {
    loinc: '58410-2',
    display: 'CBC panel - Blood by Automated count',
    title: 'Complete blood count',
    analytes: [
      {
        loinc: '6690-2',
        display: 'Leukocytes [#/volume] in Blood',
        unit: '10^3/uL',
        ucum: '10*3/uL',
        low: 4.5,
        high: 11,
        min: 3.2,
        max: 13.5,
        decimals: 1,
      },
      {
        loinc: '718-7',
        display: 'Hemoglobin [Mass/volume] in Blood',
        unit: 'g/dL',
        ucum: 'g/dL',
        low: 12,
        high: 17.5,
        min: 10.1,
        max: 17.9,
        decimals: 1,
      },
      {
        loinc: '4544-3',
        display: 'Hematocrit [Volume Fraction] of Blood',
        unit: '%',
        ucum: '%',
        low: 36,
        high: 50,
        min: 32,
        max: 52,
        decimals: 1,
      },
      {
        loinc: '777-3',
        display: 'Platelets [#/volume] in Blood',
        unit: '10^3/uL',
        ucum: '10*3/uL',
        low: 150,
        high: 400,
        min: 120,
        max: 430,
        decimals: 0,
      },
    ],
  },
  {
    loinc: '51990-0',
    display: 'Basic metabolic panel - Blood',
    title: 'Basic metabolic panel',
    analytes: [
      {
        loinc: '2345-7',
        display: 'Glucose [Mass/volume] in Serum or Plasma',
        ...MG_DL,
        low: 70,
        high: 99,
        min: 72,
        max: 168,
        decimals: 0,
      },
      {
        loinc: '2951-2',
        display: 'Sodium [Moles/volume] in Serum or Plasma',
        ...MMOL_L,
        low: 135,
        high: 145,
        min: 132,
        max: 147,
        decimals: 0,
      },
      {
        loinc: '2823-3',
        display: 'Potassium [Moles/volume] in Serum or Plasma',
        ...MMOL_L,
        low: 3.5,
        high: 5.1,
        min: 3.3,
        max: 5.5,
        decimals: 1,
      },
      {
        loinc: '2160-0',
        display: 'Creatinine [Mass/volume] in Serum or Plasma',
        ...MG_DL,
        low: 0.6,
        high: 1.3,
        min: 0.5,
        max: 1.7,
        decimals: 2,
      },
      {
        loinc: '3094-0',
        display: 'Urea nitrogen [Mass/volume] in Serum or Plasma',
        ...MG_DL,
        low: 7,
        high: 20,
        min: 6,
        max: 28,
        decimals: 0,
      },
      {
        loinc: '17861-6',
        display: 'Calcium [Mass/volume] in Serum or Plasma',
        ...MG_DL,
        low: 8.6,
        high: 10.3,
        min: 8.3,
        max: 10.6,
        decimals: 1,
      },
    ],
  },
  {
    loinc: '4548-4',
    display: 'Hemoglobin A1c/Hemoglobin.total in Blood',
    title: 'Hemoglobin A1c',
    analytes: [
      {
        loinc: '4548-4',
        display: 'Hemoglobin A1c/Hemoglobin.total in Blood',
        unit: '%',
        ucum: '%',
        high: 5.7,
        min: 4.9,
        max: 9.4,
        decimals: 1,
      },
    ],
  },
  {
    loinc: '24348-5',
    display: 'Free T4 and TSH panel - Serum or Plasma',
    title: 'Thyroid panel',
    analytes: [
      {
        loinc: '3016-3',
        display: 'Thyrotropin [Units/volume] in Serum or Plasma',
        unit: 'mIU/L',
        ucum: 'm[IU]/L',
        low: 0.4,
        high: 4,
        min: 0.2,
        max: 7.8,
        decimals: 2,
      },
      {
        loinc: '3024-7',
        display: 'Thyroxine (T4) free [Mass/volume] in Serum or Plasma',
        unit: 'ng/dL',
        ucum: 'ng/dL',
        low: 0.8,
        high: 1.8,
        min: 0.6,
        max: 2.1,
        decimals: 2,
      },
    ],
  },
  {
    loinc: '1989-3',
    display: '25-Hydroxyvitamin D3 [Mass/volume] in Serum or Plasma',
    title: 'Vitamin D, 25-hydroxy',
    analytes: [
      {
        loinc: '1989-3',
        display: '25-Hydroxyvitamin D3 [Mass/volume] in Serum or Plasma',
        unit: 'ng/mL',
        ucum: 'ng/mL',
        low: 30,
        high: 100,
        min: 12,
        max: 64,
        decimals: 0,
      },
    ],
  },
];
