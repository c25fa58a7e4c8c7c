import type { SeedState } from './codes';
import cities from './cities.json';

export interface City {
  city: string;
  postalCodes: readonly string[];
  /** Telephone area code, for the fictional 555-01xx numbers. */
  areaCode: string;
}

/** Cities with postal codes that really belong to them, so addresses look right on screen (data in cities.json). */
export const CITIES = cities as Record<SeedState, readonly City[]>;

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
