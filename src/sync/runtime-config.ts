import { DEFAULT_FHIR_URL_PATH } from './client';

/** public/config.json: how one build finds its server. Editable by operators at deploy time. */
export interface RuntimeConfig {
  /** Absolute, ending in '/'. */
  baseUrl: string;
  fhirUrlPath: string;
  clientId: string;
  googleSignIn: boolean;
  googleClientId: string;
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
    googleSignIn: record.googleSignIn === true,
    googleClientId: stringField(record, 'googleClientId', ''),
  };
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
