import type { Organization, Practitioner, PractitionerRole, Reference } from '@medplum/fhirtypes';
import { type Degree, type Licence, licenceQualification } from '@/fhir/qualifications';
import { type RoleKey, roleConcept } from './codes';
import { NPI_SYSTEM } from './constants';
import { npiFromBody } from './npi';
import { organizationRef } from './organizations';

export interface PractitionerSpec {
  id: string;
  given: string;
  family: string;
  prefix?: string;
  /** Degree, also the name suffix: MD, RN, NP or PA. */
  degree?: Degree;
  gender: 'female' | 'male';
  birthDate: string;
  npiBody: string;
  email: string;
  roles: RoleKey[];
  licenses: Licence[];
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
      ? { qualification: spec.licenses.map((licence) => licenceQualification(degree, licence)) }
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
