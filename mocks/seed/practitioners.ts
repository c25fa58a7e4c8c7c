import type {
  Organization,
  Practitioner,
  PractitionerQualification,
  PractitionerRole,
  Reference,
} from '@medplum/fhirtypes';
import { type RoleKey, roleConcept, type SeedState, stateConcept } from './codes';
import { DEGREE_SYSTEM, NPI_SYSTEM, QUALIFICATION_EXTENSION_URL } from './constants';
import { npiFromBody } from './npi';
import { organizationRef } from './organizations';

export interface LicenseSpec {
  state: SeedState;
  issuer: string;
  number: string;
  since: string;
}

export interface PractitionerSpec {
  id: string;
  given: string;
  family: string;
  prefix?: string;
  /** Degree, also the name suffix: MD, RN, NP or PA. */
  degree?: 'MD' | 'RN' | 'NP' | 'PA';
  gender: 'female' | 'male';
  birthDate: string;
  npiBody: string;
  email: string;
  roles: RoleKey[];
  licenses: LicenseSpec[];
}

const DEGREE_DISPLAYS = {
  MD: 'Doctor of Medicine',
  RN: 'Registered Nurse',
  NP: 'Nurse Practitioner',
  PA: 'Physician Assistant',
} as const;

function qualification(
  degree: keyof typeof DEGREE_DISPLAYS,
  license: LicenseSpec
): PractitionerQualification {
  return {
    identifier: [{ value: license.number }],
    code: {
      coding: [{ system: DEGREE_SYSTEM, code: degree, display: DEGREE_DISPLAYS[degree] }],
      text: degree,
    },
    period: { start: license.since },
    issuer: { display: license.issuer },
    extension: [
      {
        url: QUALIFICATION_EXTENSION_URL,
        extension: [
          { url: 'status', valueCode: 'active' },
          { url: 'whereValid', valueCodeableConcept: stateConcept(license.state) },
        ],
      },
    ],
  };
}

export function buildPractitioner(spec: PractitionerSpec): Practitioner {
  const degree = spec.degree;
  return {
    resourceType: 'Practitioner',
    id: spec.id,
    active: true,
    identifier: [{ system: NPI_SYSTEM, value: npiFromBody(spec.npiBody) }],
    name: [
      {
        use: 'official',
        ...(spec.prefix ? { prefix: [spec.prefix] } : {}),
        given: [spec.given],
        family: spec.family,
        ...(degree ? { suffix: [degree] } : {}),
      },
    ],
    telecom: [{ system: 'email', value: spec.email, use: 'work' }],
    gender: spec.gender,
    birthDate: spec.birthDate,
    ...(degree && spec.licenses.length > 0
      ? { qualification: spec.licenses.map((license) => qualification(degree, license)) }
      : {}),
  };
}

function kebab(text: string): string {
  return text.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
}

export function buildPractitionerRoles(spec: PractitionerSpec, clinic: Organization): PractitionerRole[] {
  return spec.roles.map((role) => ({
    resourceType: 'PractitionerRole',
    id: `${spec.id.replace('practitioner-', 'practitionerrole-')}-${kebab(role)}`,
    active: true,
    practitioner: practitionerRef(spec),
    organization: organizationRef(clinic),
    code: [roleConcept(role)],
  }));
}

/** How task owners, note authors and message senders point at a practitioner. */
export function practitionerRef(
  spec: Pick<PractitionerSpec, 'id' | 'given' | 'family'>
): Reference<Practitioner> {
  return { reference: `Practitioner/${spec.id}`, display: `${spec.given} ${spec.family}` };
}
