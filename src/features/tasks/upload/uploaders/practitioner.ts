import type { Bundle, Practitioner, PractitionerRole } from '@medplum/fhirtypes';
import { ROLES, roleConcept } from '../data/codes';
import { EXAMPLE_QUALIFICATIONS } from '../data/qualifications';
import { executeBundle, idOfType, requireAllAcceptable, type Uploader } from './context';

const QUALIFICATIONS_DONE = 'Uploaded Example Qualifications';

/**
 * The Doctor role for the signed-in practitioner (created once), and the name suffix MD when her
 * name has none.
 */
export const uploadRole: Uploader = async (context) => {
  const id = idOfType(context.profile, 'Practitioner');
  if (!id) throw new Error('The signed-in user is not a practitioner');
  const role: PractitionerRole = {
    resourceType: 'PractitionerRole',
    active: true,
    practitioner: {
      reference: context.profile,
      ...(context.profileName ? { display: context.profileName } : {}),
    },
    code: [roleConcept('doctor')],
  };
  const bundle: Bundle = {
    resourceType: 'Bundle',
    type: 'transaction',
    entry: [
      {
        request: {
          method: 'POST',
          url: 'PractitionerRole',
          ifNoneExist: `practitioner=${context.profile}&role=${ROLES.doctor.code}`,
        },
        resource: role,
      },
    ],
  };
  requireAllAcceptable(await executeBundle(context, bundle), 1, 'Error uploading the practitioner role');
  const practitioner = await context.fhir.read<Practitioner>('Practitioner', id, { noCache: true });
  const name = practitioner.name?.[0];
  if (name && !name.suffix?.length) {
    await context.fhir.patch('Practitioner', id, [{ op: 'add', path: '/name/0/suffix', value: ['MD'] }]);
  }
  return [QUALIFICATIONS_DONE];
};

/** Licences in NY, CA and TX on the signed-in practitioner (nothing without one). */
export const uploadQualifications: Uploader = async (context) => {
  const id = idOfType(context.profile, 'Practitioner');
  if (!id) return [QUALIFICATIONS_DONE];
  const practitioner = await context.fhir.read<Practitioner>('Practitioner', id, { noCache: true });
  const op = practitioner.qualification ? 'replace' : 'add';
  await context.fhir.patch('Practitioner', id, [
    { op, path: '/qualification', value: EXAMPLE_QUALIFICATIONS },
  ]);
  return [QUALIFICATIONS_DONE];
};
