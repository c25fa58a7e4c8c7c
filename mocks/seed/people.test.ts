import type { Extension, Practitioner } from '@medplum/fhirtypes';
import { describe, expect, it } from 'vitest';
import {
  ALICE_SMITH_ID,
  BOB_JONES_ID,
  CAROL_WHITE_ID,
  CAROL_WHITE_RIVERSIDE_ID,
  DAN_BROWN_ID,
  MAIN_PROJECT_ID,
  NPI_SYSTEM,
  QUALIFICATION_EXTENSION_URL,
  RIVERSIDE_PROJECT_ID,
  ROLE_CODES,
  SNOMED_SYSTEM,
  STATE_SYSTEM,
} from './index';
import { npiFromBody } from './npi';
import { byReference, resourcesOf, seed } from './test-support';

function user(email: string) {
  const found = seed().users.find((item) => item.email === email);
  if (!found) {
    throw new Error(`no user ${email}`);
  }
  return found;
}

function practitioner(id: string, projectId = MAIN_PROJECT_ID): Practitioner {
  const found = resourcesOf('Practitioner', projectId).find((item) => item.id === id);
  if (!found) {
    throw new Error(`no practitioner ${id}`);
  }
  return found;
}

function licensedStates(resource: Practitioner): string[] {
  return (resource.qualification ?? []).flatMap((qualification) =>
    (qualification.extension ?? [])
      .filter((ext) => ext.url === QUALIFICATION_EXTENSION_URL)
      .flatMap((ext) => ext.extension ?? [])
      .filter((ext: Extension) => ext.url === 'whereValid')
      .flatMap((ext) => ext.valueCodeableConcept?.coding ?? [])
      .filter((coding) => coding.system === STATE_SYSTEM)
      .map((coding) => coding.code ?? '')
  );
}

function roleCodes(practitionerId: string, projectId = MAIN_PROJECT_ID): string[] {
  return resourcesOf('PractitionerRole', projectId)
    .filter((role) => role.practitioner?.reference === `Practitioner/${practitionerId}`)
    .flatMap((role) => role.code ?? [])
    .flatMap((concept) => concept.coding ?? [])
    .filter((coding) => coding.system === SNOMED_SYSTEM)
    .map((coding) => coding.code ?? '');
}

describe('demo users', () => {
  it('every demo user signs in with the password "password"', () => {
    const emails = seed().users.map((item) => item.email);
    expect(emails).toEqual(
      expect.arrayContaining([
        'doctor@example.com',
        'nurse@example.com',
        'coordinator@example.com',
        'mfa@example.com',
      ])
    );
    for (const item of seed().users) {
      expect(item.password).toBe('password');
    }
  });

  it('doctor@example.com is Dr. Alice Smith, MD, with an NPI', () => {
    const alice = user('doctor@example.com');
    expect(alice).toMatchObject({ firstName: 'Alice', lastName: 'Smith' });
    expect(alice.memberships).toHaveLength(1);
    expect(alice.memberships[0]?.profile.reference).toBe(`Practitioner/${ALICE_SMITH_ID}`);
    const resource = practitioner(ALICE_SMITH_ID);
    expect(resource.name?.[0]).toMatchObject({
      prefix: ['Dr.'],
      given: ['Alice'],
      family: 'Smith',
      suffix: ['MD'],
    });
    expect(resource.identifier?.find((id) => id.system === NPI_SYSTEM)?.value).toMatch(/^\d{10}$/);
  });

  it('Dr. Smith is licensed in New York and California, so she sees the NY and CA queues', () => {
    const resource = practitioner(ALICE_SMITH_ID);
    expect(licensedStates(resource).sort()).toEqual(['CA', 'NY']);
    for (const qualification of resource.qualification ?? []) {
      expect(qualification.code?.coding?.[0]?.code).toBe('MD');
      expect(qualification.issuer?.display).toBeTruthy();
    }
  });

  it('Dr. Smith holds the Doctor role, so she sees the Doctor Tasks queue', () => {
    expect(roleCodes(ALICE_SMITH_ID)).toEqual([ROLE_CODES.doctor]);
  });

  it('nurse@example.com is Bob Jones, RN, a Registered Nurse licensed in Texas', () => {
    expect(user('nurse@example.com').memberships[0]?.profile.reference).toBe(`Practitioner/${BOB_JONES_ID}`);
    const bob = practitioner(BOB_JONES_ID);
    expect(bob.name?.[0]?.suffix).toEqual(['RN']);
    expect(licensedStates(bob)).toEqual(['TX']);
    expect(roleCodes(BOB_JONES_ID)).toEqual([ROLE_CODES.registeredNurse]);
  });

  it('coordinator@example.com chooses between the CareQueue Demo and Riverside Clinic profiles', () => {
    const carol = user('coordinator@example.com');
    expect(carol.memberships.map((item) => item.projectId)).toEqual([MAIN_PROJECT_ID, RIVERSIDE_PROJECT_ID]);
    expect(carol.memberships.map((item) => item.profile.reference)).toEqual([
      `Practitioner/${CAROL_WHITE_ID}`,
      `Practitioner/${CAROL_WHITE_RIVERSIDE_ID}`,
    ]);
    expect(new Set(carol.memberships.map((item) => item.id)).size).toBe(2);
    expect(practitioner(CAROL_WHITE_RIVERSIDE_ID, RIVERSIDE_PROJECT_ID).name?.[0]?.family).toBe('White');
    expect(roleCodes(CAROL_WHITE_ID)).toEqual([ROLE_CODES.careCoordinator]);
    expect(roleCodes(CAROL_WHITE_RIVERSIDE_ID, RIVERSIDE_PROJECT_ID)).toEqual([ROLE_CODES.careCoordinator]);
    const names = seed().projects.map((project) => project.name);
    expect(names).toEqual(['CareQueue Demo', 'Riverside Clinic']);
  });

  it('mfa@example.com is Dr. Dan Brown, MD, and is asked for the code 123456', () => {
    const dan = user('mfa@example.com');
    expect(dan.mfaCode).toBe('123456');
    expect(dan.memberships[0]?.profile.reference).toBe(`Practitioner/${DAN_BROWN_ID}`);
    expect(practitioner(DAN_BROWN_ID).name?.[0]?.suffix).toEqual(['MD']);
    expect(roleCodes(DAN_BROWN_ID)).toEqual([ROLE_CODES.doctor]);
    expect(seed().users.filter((item) => item.mfaCode)).toHaveLength(1);
  });

  it('every membership profile opens a practitioner in that project', () => {
    for (const item of seed().users) {
      for (const membership of item.memberships) {
        expect(byReference(membership.profile.reference, membership.projectId)?.resourceType).toBe(
          'Practitioner'
        );
      }
    }
  });
});

describe('staff', () => {
  it('other practitioners without a login are on the team', () => {
    const loginProfiles = new Set(
      seed().users.flatMap((item) => item.memberships.map((membership) => membership.profile.reference))
    );
    const others = resourcesOf('Practitioner').filter(
      (item) => !loginProfiles.has(`Practitioner/${item.id}`)
    );
    expect(others.length).toBeGreaterThanOrEqual(5);
  });

  it('every practitioner NPI has a valid check digit', () => {
    const all = [...resourcesOf('Practitioner'), ...resourcesOf('Practitioner', RIVERSIDE_PROJECT_ID)];
    for (const item of all) {
      const npi = item.identifier?.find((id) => id.system === NPI_SYSTEM)?.value ?? '';
      expect(npiFromBody(npi.slice(0, 9))).toBe(npi);
    }
    expect(npiFromBody('123456789')).toBe('1234567893');
  });
});
