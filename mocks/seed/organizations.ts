import type { Organization, Reference } from '@medplum/fhirtypes';

export interface SeedOrganizations {
  clinic: Organization;
  lab: Organization;
}

function organization(id: string, name: string, type: string, city: string, state: string): Organization {
  return {
    resourceType: 'Organization',
    id,
    active: true,
    name,
    type: [{ text: type }],
    address: [{ city, state, country: 'US' }],
  };
}

/** The care organization that employs the staff, and the reference laboratory that runs the tests. */
export function buildOrganizations(idPrefix: string, clinicName: string, city: string, state: string) {
  const organizations: SeedOrganizations = {
    clinic: organization(`${idPrefix}organization-clinic`, clinicName, 'Healthcare Provider', city, state),
    lab: organization(
      `${idPrefix}organization-lab`,
      `${clinicName} Reference Laboratory`,
      'Clinical Laboratory',
      city,
      state
    ),
  };
  return organizations;
}

export function organizationRef(organization: Organization): Reference<Organization> {
  return { reference: `Organization/${organization.id}`, display: organization.name };
}
