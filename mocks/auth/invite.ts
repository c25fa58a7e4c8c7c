import type { Patient, Practitioner, Reference, RelatedPerson } from '@medplum/fhirtypes';
import { badRequest, FhirError, notFound } from '@mocks/engine/outcome';
import type { RequestContext } from '@mocks/engine/types';
import type { SeedMembership, SeedUser } from '@mocks/seed/types';
import type { AuthContext } from './context';
import { optionalBoolean, optionalString, readJsonBody, type JsonBody } from './http';
import { createSecurityRequest, setPasswordUrl } from './password-reset';
import { requireProjectAdmin } from './project-admin';
import { newId, randomSecret } from './tokens';

const PROFILE_TYPES = ['Patient', 'Practitioner', 'RelatedPerson'] as const;
type ProfileType = (typeof PROFILE_TYPES)[number];
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

interface InviteFields {
  resourceType: ProfileType;
  firstName: string;
  lastName: string;
  email: string;
  admin: boolean;
  sendEmail: boolean;
  password?: string;
}

function readInvite(body: JsonBody): InviteFields {
  const resourceType = body.resourceType;
  if (typeof resourceType !== 'string' || !(PROFILE_TYPES as readonly string[]).includes(resourceType)) {
    throw badRequest('Resource type is required', 'resourceType');
  }
  const firstName = optionalString(body, 'firstName')?.trim();
  if (!firstName) throw badRequest('First name is required', 'firstName');
  const lastName = optionalString(body, 'lastName')?.trim();
  if (!lastName) throw badRequest('Last name is required', 'lastName');
  const email = optionalString(body, 'email')?.trim().toLowerCase();
  if (!email || !EMAIL_PATTERN.test(email)) throw badRequest('Valid email address is required', 'email');
  const fields: InviteFields = {
    resourceType: resourceType as ProfileType,
    firstName,
    lastName,
    email,
    admin: optionalBoolean(body, 'admin'),
    sendEmail: body.sendEmail === undefined ? true : optionalBoolean(body, 'sendEmail'),
  };
  const password = optionalString(body, 'password');
  if (password !== undefined) {
    if (password.length < 8 || password.length > 72) {
      throw badRequest('Password must be between 8 and 72 characters', 'password');
    }
    fields.password = password;
  }
  return fields;
}

/**
 * POST admin/projects/{id}/invite, as Medplum's: a project admin adds a person to their project. The
 * user is created when the e-mail is new (with a set-password link in the invitation), a profile
 * resource of the asked type is created in the project, then the membership; the answer is the
 * ProjectMembership. A person already in the project is a 409.
 */
export async function invite(
  ctx: AuthContext,
  request: Request,
  context: RequestContext,
  projectId: string
): Promise<Response> {
  requireProjectAdmin(context, projectId);
  const project = ctx.directory.project(projectId);
  if (!project) throw notFound('Project not found');
  const fields = readInvite(await readJsonBody(request));

  let user = ctx.state.userByEmail(fields.email);
  const existingUser = user !== undefined;
  if (user?.memberships.some((m) => m.projectId === projectId)) {
    throw new FhirError(409, 'User is already a member of this project', 'conflict');
  }
  if (!user) {
    user = {
      id: newId(),
      email: fields.email,
      password: fields.password ?? randomSecret(16),
      firstName: fields.firstName,
      lastName: fields.lastName,
      memberships: [],
    } satisfies SeedUser;
    ctx.state.addUser(user);
  }

  const display = `${fields.firstName} ${fields.lastName}`;
  const profile = ctx.directory.createResource<Patient | Practitioner | RelatedPerson>(projectId, {
    resourceType: fields.resourceType,
    name: [{ given: [fields.firstName], family: fields.lastName }],
    telecom: [
      { system: 'email', use: fields.resourceType === 'Practitioner' ? 'work' : 'home', value: fields.email },
    ],
  } as Patient | Practitioner | RelatedPerson);
  const membership: SeedMembership = {
    id: newId(),
    projectId,
    // SeedMembership types its profile as a Practitioner reference; an invitee may be any profile type.
    profile: { reference: `${fields.resourceType}/${profile.id}`, display } as Reference<Practitioner>,
    ...(fields.admin ? { admin: true } : {}),
  };
  ctx.state.addMembership(user.id, membership);

  if (fields.sendEmail) {
    const appBaseUrl = `${new URL(request.url).origin}/`;
    const text = existingUser
      ? [
          `You were invited to ${project.name}.`,
          '',
          `The next time you sign in, you will see ${project.name} as an option.`,
          '',
          `You can sign in here: ${new URL('signin', appBaseUrl).href}`,
          '',
        ]
      : [
          `You were invited to ${project.name}.`,
          '',
          'To create your account, choose a password at this link (it works once, for 7 days):',
          '',
          setPasswordUrl(appBaseUrl, createSecurityRequest(ctx, user, 'invite')),
          '',
        ];
    ctx.sendEmail(
      {
        to: [user.email],
        subject: existingUser ? `CareQueue: welcome to ${project.name}` : 'Welcome to CareQueue',
        text: text.join('\n'),
      },
      { sender: context.profile.reference ?? 'system', projectIds: [projectId] }
    );
  }

  const body = {
    resourceType: 'ProjectMembership',
    id: membership.id,
    project: { reference: `Project/${projectId}`, display: project.name },
    user: { reference: `User/${user.id}`, display: user.email },
    profile: { ...membership.profile },
    admin: fields.admin,
  };
  return new Response(JSON.stringify(body), {
    status: 200,
    headers: { 'Content-Type': 'application/fhir+json; charset=utf-8' },
  });
}
