import { AUTH_PATH } from '@mocks/auth/service';
import type { AuthService } from '@mocks/auth/types';
import { createBotByAdmin } from '@mocks/bots/operations';
import {
  DEV_CONTROL_HEADERS,
  DEV_CONTROL_PATH,
  devControl,
  type DevControlTarget,
} from '@mocks/dev-controls';
import type { Mailbox } from '@mocks/email/mailbox';
import { MAILBOX_PATH, mailboxList } from '@mocks/email/mailbox-route';
import { EMAIL_SEND_PATH, sendEmail } from '@mocks/email/send';
import type { FhirEngine } from '@mocks/engine';
import { notFound } from '@mocks/engine/outcome';
import { exportStatusRoute, type ExportService } from '@mocks/export/export-service';
import { KEYVALUE_PATH, type KeyValueService } from '@mocks/keyvalue/keyvalue-service';
import type { RealtimeService } from '@mocks/realtime';
import { FHIRCAST_PATH } from '@mocks/realtime/fhircast-hub';
import { fhirRoute, type FhirApi } from './fhir-route';
import type { RouteCall, ServerRoute } from './route-table';

/** What the fake server's endpoints act on; the getters answer what a reset put in place. */
export interface ServerParts {
  fhir: FhirApi;
  engine(): FhirEngine;
  auth(): AuthService;
  realtime(): RealtimeService;
  exports: ExportService;
  controls: DevControlTarget;
  mailbox: Mailbox;
  keyValues: KeyValueService;
}

/** The words of a 405 on an endpoint that names its path in them. */
const notAllowedOn =
  (path: string) =>
  ({ request }: RouteCall): string =>
    `Method ${request.method} not allowed on ${path}`;

/**
 * Every endpoint of the fake server, first match first; a path none of them takes is the host's (a
 * static file, or 404). Operations below the FHIR base are not here: each area registers them in the
 * OperationRegistry (see FhirApi.operations), and the FHIR row runs them.
 */
export function serverRoutes(parts: ServerParts): ServerRoute[] {
  const { basePath } = parts.fhir;
  return [
    exportStatusRoute(basePath, parts.exports),
    fhirRoute(parts.fhir),
    {
      path: new RegExp(`^${FHIRCAST_PATH}(/.*)?$`),
      caller: 'token',
      handle: ({ request, context }) => parts.realtime().hub(request, context),
    },
    {
      path: DEV_CONTROL_PATH,
      caller: 'token',
      methods: {
        take: ['POST'],
        refusal: ({ params }) => `Use POST for /$fake/${params[0]}`,
        beforeToken: true,
      },
      errorHeaders: DEV_CONTROL_HEADERS,
      handle: (call) => devControl(parts.controls, call),
    },
    {
      path: MAILBOX_PATH,
      caller: 'project-admin',
      methods: { take: ['GET'], refusal: notAllowedOn(MAILBOX_PATH) },
      handle: ({ context }) => mailboxList(parts.mailbox, context),
    },
    {
      path: /^\/\$fake\/(.*)$/,
      caller: 'anyone',
      errorHeaders: DEV_CONTROL_HEADERS,
      handle: ({ params }) => {
        throw notFound(`No developer control named '${params[0]}'`);
      },
    },
    {
      path: EMAIL_SEND_PATH,
      caller: 'token',
      methods: { take: ['POST'], refusal: notAllowedOn('email/v1/send') },
      handle: (call) => sendEmail(parts.mailbox, call),
    },
    {
      path: KEYVALUE_PATH,
      caller: 'token',
      handle: ({ request, context, params }) => parts.keyValues.handle(request, context, params[0] as string),
    },
    {
      path: /^\/admin\/projects\/([^/]+)\/invite\/?$/,
      caller: 'token',
      methods: { take: ['POST'], refusal: notAllowedOn('admin/projects/{id}/invite') },
      handle: ({ request, context, params }) =>
        parts.auth().invite(request, context, decodeURIComponent(params[0] as string)),
    },
    {
      path: /^\/admin\/projects\/([^/]+)\/bot\/?$/,
      caller: 'token',
      methods: { take: ['POST'], refusal: () => 'Use POST to create a bot' },
      handle: (call) => createBotByAdmin(parts.engine(), call, basePath),
    },
    // Any other admin path needs a token all the same, and is then not the server's.
    { path: /^\/admin\//, caller: 'token', handle: () => undefined },
    { path: AUTH_PATH, caller: 'anyone', handle: ({ request }) => parts.auth().handle(request) },
  ];
}
