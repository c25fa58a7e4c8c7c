export { ApiClient, DEFAULT_FHIR_URL_PATH, type ApiClientOptions, type RequestOptions } from './client';
export { parseRuntimeConfig, type RuntimeConfig } from './runtime-config';
export { SignInApi, type LoginRequest, type NewUserRequest, type GoogleLoginRequest } from './auth/sign-in';
export { AuthSession } from './auth/session';
export * from './auth/types';
export { ApiError, NetworkError, UnauthenticatedError, outcomeText } from './http/errors';
export {
  MemoryStorage,
  webStorage,
  systemClock,
  type Clock,
  type FetchLike,
  type KeyValueStorage,
} from './platform';
export * from './fhir';
export * from './engine';
