import { describe, expect, it } from 'vitest';
import { parseRuntimeConfig } from './runtime-config';

const file = {
  baseUrl: '/',
  fhirUrlPath: 'fhir/R4',
  clientId: 'carequeue-web',
  googleSignIn: false,
  googleClientId: '',
};

describe('runtime config', () => {
  it('resolves a relative baseUrl against the page origin', () => {
    expect(parseRuntimeConfig(file, 'http://localhost:5173').baseUrl).toBe('http://localhost:5173/');
    expect(parseRuntimeConfig({ ...file, baseUrl: 'api' }, 'https://app.example.org/').baseUrl).toBe(
      'https://app.example.org/api/'
    );
  });

  it('keeps an absolute baseUrl and the other fields', () => {
    const config = parseRuntimeConfig(
      { ...file, baseUrl: 'https://fhir.example.org', googleSignIn: true, googleClientId: 'g' },
      'http://localhost'
    );
    expect(config).toEqual({
      baseUrl: 'https://fhir.example.org/',
      fhirUrlPath: 'fhir/R4',
      clientId: 'carequeue-web',
      googleSignIn: true,
      googleClientId: 'g',
      emailSignIn: true,
      register: true,
      createProject: false,
      chooseScopes: false,
    });
  });

  it('reads the sign-in switches, and refuses a switch that is not true or false', () => {
    const config = parseRuntimeConfig(
      { ...file, emailSignIn: false, register: false, createProject: true, chooseScopes: true },
      'http://localhost'
    );
    expect(config).toMatchObject({
      emailSignIn: false,
      register: false,
      createProject: true,
      chooseScopes: true,
    });
    expect(() => parseRuntimeConfig({ ...file, chooseScopes: 'yes' }, 'http://localhost')).toThrow(
      'chooseScopes must be true or false'
    );
  });

  it('rejects a base URL that does not start with http', () => {
    expect(() =>
      parseRuntimeConfig({ ...file, baseUrl: 'ftp://files.example.org/' }, 'http://localhost')
    ).toThrow('Base URL must start with http');
  });

  it('rejects a missing clientId and fields of the wrong type', () => {
    expect(() => parseRuntimeConfig({ ...file, clientId: '' }, 'http://localhost')).toThrow('clientId');
    expect(() => parseRuntimeConfig({ ...file, baseUrl: 7 }, 'http://localhost')).toThrow('baseUrl');
    expect(() => parseRuntimeConfig('nope', 'http://localhost')).toThrow('JSON object');
  });
});
