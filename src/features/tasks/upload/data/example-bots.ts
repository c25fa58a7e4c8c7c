import type { Subscription } from '@medplum/fhirtypes';
import respondToMessageCode from '@bots/compiled/respond-to-message.js?raw';
import reviewReportCode from '@bots/compiled/review-report.js?raw';

/** Medplum's extension that limits a subscription to creates. */
export const SUPPORTED_INTERACTION_URL =
  'https://medplum.com/fhir/StructureDefinition/subscription-supported-interaction';

export interface ExampleBot {
  name: string;
  description: string;
  /** A schedule as a cron string ('*\/15 * * * *': every 15 minutes). */
  cronString?: string;
  /** Subscriptions whose channel endpoint is the bot (Bot/{id} is filled in at upload). */
  subscriptions: Omit<Subscription, 'channel'>[];
  /** The built code (bots/compiled), base64 encoded as in a source entry. */
  source: { contentType: string; data: string };
}

function base64(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/** The two bots of the product. */
export const EXAMPLE_BOTS: ExampleBot[] = [
  {
    name: 'review-report',
    description:
      "Creates a 'Review Diagnostic Report' task in the Doctor queue for each new preliminary report.",
    subscriptions: [
      {
        resourceType: 'Subscription',
        status: 'active',
        reason: 'Review new preliminary diagnostic reports',
        criteria: 'DiagnosticReport?status=preliminary',
        extension: [{ url: SUPPORTED_INTERACTION_URL, valueCode: 'create' }],
      },
    ],
    source: { contentType: 'application/javascript', data: base64(reviewReportCode) },
  },
  {
    name: 'respond-to-message',
    description:
      "Every 15 minutes, creates a 'Respond to Message' task for each patient thread unanswered for 30 minutes.",
    cronString: '*/15 * * * *',
    subscriptions: [],
    source: { contentType: 'application/javascript', data: base64(respondToMessageCode) },
  },
];

export function decodeSource(data: string): string {
  const text = atob(data);
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
  return new TextDecoder().decode(bytes);
}
