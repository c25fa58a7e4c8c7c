export type { ProjectMembership } from '@medplum/fhirtypes';
export type { LoginAuthenticationResponse, SignInApi } from '@/ui';
