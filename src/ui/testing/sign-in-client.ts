import type { FakeServer } from '@mocks/server';
import { ApiClient } from '@/sync/client';
import { FhirClient } from '@/sync/fhir/fhir-client';

export interface SignedInClient {
  /** The page's HTTP client, its session ready. */
  client: ApiClient;
  fhir: FhirClient;
  /** 'Practitioner/123' */
  profile: string;
  projectId: string;
}

/**
 * A page's FHIR client signed in to a fake server by e-mail and password, in the project named
 * `projectName` when the user has several.
 */
export async function signInToFake(
  fake: FakeServer,
  baseUrl: string,
  email: string,
  projectName?: string
): Promise<SignedInClient> {
  const fetchImpl = (async (input: RequestInfo | URL, init?: RequestInit) =>
    (await fake.handle(new Request(input, init))) ??
    new Response('Not found', { status: 404 })) as typeof fetch;
  const client = new ApiClient({ baseUrl, clientId: 'carequeue-web', fetch: fetchImpl });
  let answer = await client.signIn.login({ email, password: 'password' });
  if (!answer.code) {
    const membership = answer.memberships?.find((m) => !projectName || m.project?.display === projectName);
    answer = await client.signIn.chooseProfile(answer.login ?? '', membership?.id ?? '');
  }
  const session = await client.signIn.complete(answer.code ?? '');
  return {
    client,
    fhir: new FhirClient({ client }),
    profile: `${session.profile.resourceType}/${session.profile.id ?? ''}`,
    projectId: session.project.id ?? '',
  };
}
