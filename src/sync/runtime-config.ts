import { DEFAULT_FHIR_URL_PATH } from './client';

/** public/config.json: how one build finds its server. Editable by operators at deploy time. */
export interface RuntimeConfig {
  /** Absolute, ending in '/'. */
  baseUrl: string;
  fhirUrlPath: string;
  clientId: string;
  /** Show 'Sign in with Google' (needs googleClientId, and a server that accepts that client's credentials). */
  googleSignIn: boolean;
  googleClientId: string;
  /** Offer e-mail and password sign-in; off leaves Google sign-in only. Default true. */
  emailSignIn: boolean;
  /** Show the Register link and page (a new user with a new project). Default true. */
  register: boolean;
  /** Every sign-in ends by creating a project, as `/signin?project=new` does. Default false. */
  createProject: boolean;
  /** Let the user narrow the scopes asked for (a checkbox per scope) before finishing. Default false. */
  chooseScopes: boolean;
}

/**
 * Checks the raw config file. A relative baseUrl resolves against `origin` (the page's address);
 * the result must start with http. Throws an Error naming what is wrong.
 */
export function parseRuntimeConfig(raw: unknown, origin: string): RuntimeConfig {
  if (typeof raw !== 'object' || raw === null) {
    throw new Error('Invalid config: expected a JSON object');
  }
  const record = raw as Record<string, unknown>;
  const baseUrlText = stringField(record, 'baseUrl', '/');
  let baseUrl: string;
  try {
    baseUrl = new URL(baseUrlText, origin).href;
  } catch {
    throw new Error(`Invalid config: baseUrl '${baseUrlText}' is not a URL`);
  }
  if (!baseUrl.startsWith('http')) {
    throw new Error('Base URL must start with http');
  }
  if (!baseUrl.endsWith('/')) {
    baseUrl += '/';
  }
  const clientId = stringField(record, 'clientId', '');
  if (!clientId) {
    throw new Error('Invalid config: clientId is required');
  }
  return {
    baseUrl,
    fhirUrlPath: stringField(record, 'fhirUrlPath', DEFAULT_FHIR_URL_PATH),
    clientId,
    googleSignIn: booleanField(record, 'googleSignIn', false),
    googleClientId: stringField(record, 'googleClientId', ''),
    emailSignIn: booleanField(record, 'emailSignIn', true),
    register: booleanField(record, 'register', true),
    createProject: booleanField(record, 'createProject', false),
    chooseScopes: booleanField(record, 'chooseScopes', false),
  };
}

function booleanField(record: Record<string, unknown>, key: string, fallback: boolean): boolean {
  const value = record[key];
  if (value === undefined || value === null) {
    return fallback;
  }
  if (typeof value !== 'boolean') {
    throw new Error(`Invalid config: ${key} must be true or false`);
  }
  return value;
}

function stringField(record: Record<string, unknown>, key: string, fallback: string): string {
  const value = record[key];
  if (value === undefined || value === null) {
    return fallback;
  }
  if (typeof value !== 'string') {
    throw new Error(`Invalid config: ${key} must be a string`);
  }
  return value;
}
