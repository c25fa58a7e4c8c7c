import type { AccessPolicy, Patient, Practitioner, Project, Reference } from '@medplum/fhirtypes';
import { badRequest } from '../engine/outcome';
import type { SeedMembership, SeedUser } from '../seed/types';
import type { AuthContext } from './context';
import { requiredString, type JsonBody } from './http';
import { grantCode, openLogin, pendingLogin, readLoginStart, requireMfaDone } from './login-flow';
import { newId } from './tokens';
import type { LoginRecord } from './types';

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

interface NewUserFields {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
}

/** Creates a user with no memberships yet; a duplicate e-mail is a 400 on the e-mail field. */
export function registerUser(ctx: AuthContext, fields: NewUserFields): SeedUser {
  if (ctx.state.userByEmail(fields.email)) throw badRequest('Email already registered', 'email');
  const user: SeedUser = { id: newId(), ...fields, email: fields.email.trim(), memberships: [] };
  ctx.state.addUser(user);
  return user;
}

/** POST auth/newuser: registration; the answer's login continues at auth/newproject or auth/newpatient. */
export function newUser(ctx: AuthContext, body: JsonBody): JsonBody {
  const firstName = requiredString(body, 'firstName', 'First name cannot be blank');
  const lastName = requiredString(body, 'lastName', 'Last name cannot be blank');
  const email = requiredString(body, 'email', 'Valid email address is required');
  if (!EMAIL_PATTERN.test(email.trim())) throw badRequest('Valid email address is required', 'email');
  const password = requiredString(body, 'password', 'Password must be between 8 and 72 characters');
  if (password.length < 8 || password.length > 72) {
    throw badRequest('Password must be between 8 and 72 characters', 'password');
  }
  const start = readLoginStart(body);
  if (start.projectId && start.projectId !== 'new') openRegistrationPolicy(ctx, start.projectId);
  const user = registerUser(ctx, { firstName, lastName, email, password });
  const login = openLogin(ctx, user, start, { mfaRequired: false, awaitingProject: true });
  return { login: login.id };
}

/**
 * The access policy new patients of a project get. Only a project that names one
 * (Project.defaultPatientAccessPolicy, set by its admin) takes self-registered users: anyone else
 * must be invited, so nobody can sign themselves up into a clinic's data.
 */
function openRegistrationPolicy(ctx: AuthContext, projectId: string): Reference<AccessPolicy> {
  if (!ctx.directory.project(projectId)) throw badRequest('Project not found', 'projectId');
  const settings = ctx.directory.readResource(projectId, 'Project', projectId) as Project | undefined;
  const policy = settings?.defaultPatientAccessPolicy;
  const policyId = policy?.reference?.replace(/^AccessPolicy\//, '');
  if (!policy || !policyId || !ctx.directory.readResource(projectId, 'AccessPolicy', policyId)) {
    throw badRequest('Project does not allow open registration', 'projectId');
  }
  return { reference: `AccessPolicy/${policyId}` };
}

function personName(user: SeedUser): { name: Practitioner['name']; display: string } {
  const display = `${user.firstName} ${user.lastName}`.trim();
  return { name: [{ given: [user.firstName], family: user.lastName }], display };
}

function addMembership(
  ctx: AuthContext,
  user: SeedUser,
  projectId: string,
  profile: Reference<Practitioner>,
  admin: boolean,
  accessPolicy?: Reference<AccessPolicy>
): SeedMembership {
  const membership: SeedMembership = { id: newId(), projectId, profile, admin };
  if (accessPolicy) membership.accessPolicy = accessPolicy;
  ctx.state.addMembership(user.id, membership);
  return membership;
}

function userOfPendingLogin(ctx: AuthContext, body: JsonBody): { user: SeedUser; login: LoginRecord } {
  const login = pendingLogin(ctx, body);
  requireMfaDone(login);
  const user = ctx.state.userById(login.subjectId);
  if (!user) throw badRequest('User not found', 'login');
  return { user, login };
}

/** POST auth/newproject: a new project with the user as its admin Practitioner. */
export function newProject(ctx: AuthContext, body: JsonBody): JsonBody {
  const { user, login } = userOfPendingLogin(ctx, body);
  const projectName = requiredString(body, 'projectName', 'Project name cannot be blank').trim();
  if (!login.awaitingProject) throw badRequest('Login is not creating a project', 'login');
  const project = ctx.directory.createProject(projectName);
  const { name, display } = personName(user);
  const practitioner = ctx.directory.createResource<Practitioner>(project.id, {
    resourceType: 'Practitioner',
    name,
    telecom: [{ system: 'email', use: 'work', value: user.email }],
  });
  const membership = addMembership(
    ctx,
    user,
    project.id,
    { reference: `Practitioner/${practitioner.id}`, display },
    true
  );
  login.awaitingProject = false;
  login.projectId = project.id;
  return grantCode(ctx, login, membership.id);
}

/** POST auth/newpatient: the registered user joins an existing project as a Patient. */
export function newPatient(ctx: AuthContext, body: JsonBody): JsonBody {
  const { user, login } = userOfPendingLogin(ctx, body);
  const projectId = requiredString(body, 'projectId', 'Missing projectId');
  if (!login.awaitingProject) throw badRequest('Login is not registering a patient', 'login');
  if (login.projectId !== undefined && login.projectId !== projectId) {
    throw badRequest('The login was started for another project', 'projectId');
  }
  const accessPolicy = openRegistrationPolicy(ctx, projectId);
  const { name, display } = personName(user);
  const patient = ctx.directory.createResource<Patient>(projectId, {
    resourceType: 'Patient',
    name,
    telecom: [{ system: 'email', use: 'home', value: user.email }],
  });
  // SeedMembership types its profile as a Practitioner reference; a patient's is a Patient one.
  const profile = { reference: `Patient/${patient.id}`, display } as Reference<Practitioner>;
  const membership = addMembership(ctx, user, projectId, profile, false, accessPolicy);
  login.awaitingProject = false;
  login.projectId = projectId;
  return grantCode(ctx, login, membership.id);
}
