import type { SeedState } from './codes';

export interface City {
  city: string;
  postalCodes: readonly string[];
  /** Telephone area code, for the fictional 555-01xx numbers. */
  areaCode: string;
}

/** Cities with postal codes that really belong to them, so addresses look right on screen. */
export const CITIES: Record<SeedState, readonly City[]> = {
  NY: [
    { city: 'Albany', postalCodes: ['12203', '12208', '12210'], areaCode: '518' },
    { city: 'Buffalo', postalCodes: ['14214', '14216', '14222'], areaCode: '716' },
    { city: 'Rochester', postalCodes: ['14607', '14610', '14620'], areaCode: '585' },
    { city: 'Syracuse', postalCodes: ['13210', '13224'], areaCode: '315' },
    { city: 'Brooklyn', postalCodes: ['11215', '11217', '11238'], areaCode: '718' },
    { city: 'Ithaca', postalCodes: ['14850'], areaCode: '607' },
    { city: 'White Plains', postalCodes: ['10601', '10605'], areaCode: '914' },
    { city: 'Poughkeepsie', postalCodes: ['12601', '12603'], areaCode: '845' },
  ],
  CA: [
    { city: 'Sacramento', postalCodes: ['95816', '95818', '95822'], areaCode: '916' },
    { city: 'San Diego', postalCodes: ['92103', '92104', '92116'], areaCode: '619' },
    { city: 'Oakland', postalCodes: ['94610', '94611', '94618'], areaCode: '510' },
    { city: 'Fresno', postalCodes: ['93704', '93711'], areaCode: '559' },
    { city: 'Pasadena', postalCodes: ['91101', '91104', '91106'], areaCode: '626' },
    { city: 'Santa Rosa', postalCodes: ['95404', '95405'], areaCode: '707' },
    { city: 'San Jose', postalCodes: ['95126', '95125'], areaCode: '408' },
    { city: 'Long Beach', postalCodes: ['90803', '90814'], areaCode: '562' },
  ],
  TX: [
    { city: 'Austin', postalCodes: ['78704', '78751', '78757'], areaCode: '512' },
    { city: 'Houston', postalCodes: ['77006', '77008', '77019'], areaCode: '713' },
    { city: 'Dallas', postalCodes: ['75204', '75206', '75214'], areaCode: '214' },
    { city: 'San Antonio', postalCodes: ['78209', '78212'], areaCode: '210' },
    { city: 'El Paso', postalCodes: ['79902', '79912'], areaCode: '915' },
    { city: 'Fort Worth', postalCodes: ['76104', '76107'], areaCode: '817' },
    { city: 'Lubbock', postalCodes: ['79410', '79413'], areaCode: '806' },
    { city: 'Corpus Christi', postalCodes: ['78411', '78412'], areaCode: '361' },
  ],
};

/** Cities served by the Riverside Clinic project (all in California). */
export const RIVERSIDE_CITIES: readonly City[] = [
  { city: 'Riverside', postalCodes: ['92501', '92506', '92507'], areaCode: '951' },
  { city: 'Corona', postalCodes: ['92879', '92882'], areaCode: '951' },
  { city: 'Moreno Valley', postalCodes: ['92553', '92557'], areaCode: '951' },
];

export const STREET_NAMES: readonly string[] = [
  'Maple Avenue',
  'Oak Street',
  'Lincoln Road',
  'Cedar Lane',
  'Park Place',
  'Highland Drive',
  'Willow Court',
  'Franklin Street',
  'Sunset Boulevard',
  'Lakeview Terrace',
  'Chestnut Street',
  'Riverside Drive',
  'Hillcrest Avenue',
  'Magnolia Way',
  'Washington Street',
  'Elm Street',
  'Briarwood Circle',
  'Meadow Lane',
  'Grant Avenue',
  'Harbor View Road',
];

export const UNIT_LABELS: readonly string[] = ['Apt 2B', 'Apt 4C', 'Unit 12', 'Suite 3', 'Apt 1A', 'Unit 7'];
