export { createAuthService, type AuthServiceOptions } from './service';
export type { AuthClient, AuthService, AuthSnapshot, LoginRecord, ProjectDirectory } from './types';
export type { TokenResponseBody } from './token-endpoint';
export {
  googleVerifier,
  testGoogleVerifier,
  signTestGoogleCredential,
  type GoogleVerifier,
} from './google-verifier';
