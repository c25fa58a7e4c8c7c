/**
 * FHIRcast (context sync) events: the names, what each event's context holds, and the checks a
 * publisher and the hub both apply. Pure, shared by the client and the fake server's hub.
 */

/** What one context key of an event holds. */
interface ContextKeyRule {
  /** The resource type expected, or '*' for any. */
  resourceType: string;
  optional?: boolean;
  /** The key may appear more than once. */
  many?: boolean;
  /** The entry carries a `reference` rather than a `resource`. */
  reference?: boolean;
}

const patient: ContextKeyRule = { resourceType: 'Patient' };
const optionalPatient: ContextKeyRule = { resourceType: 'Patient', optional: true };
const optionalEncounter: ContextKeyRule = { resourceType: 'Encounter', optional: true };
const reportOpen = {
  report: { resourceType: 'DiagnosticReport' },
  encounter: optionalEncounter,
  study: { resourceType: 'ImagingStudy', optional: true, many: true },
  patient,
};

/** Every event the hub knows, with its context keys. */
export const FHIRCAST_EVENTS = {
  'Patient-open': { patient, encounter: optionalEncounter },
  'Patient-close': { patient, encounter: optionalEncounter },
  'ImagingStudy-open': {
    study: { resourceType: 'ImagingStudy' },
    encounter: optionalEncounter,
    patient: optionalPatient,
  },
  'ImagingStudy-close': {
    study: { resourceType: 'ImagingStudy' },
    encounter: optionalEncounter,
    patient: optionalPatient,
  },
  'Encounter-open': { encounter: { resourceType: 'Encounter' }, patient },
  'Encounter-close': { encounter: { resourceType: 'Encounter' }, patient },
  'DiagnosticReport-open': reportOpen,
  'DiagnosticReport-close': reportOpen,
  'DiagnosticReport-select': {
    report: { resourceType: 'DiagnosticReport', reference: true },
    patient: { resourceType: 'Patient', optional: true, reference: true },
    select: { resourceType: '*', reference: true, many: true },
  },
  'DiagnosticReport-update': {
    report: { resourceType: 'DiagnosticReport', reference: true },
    patient: { resourceType: 'Patient', optional: true, reference: true },
    updates: { resourceType: 'Bundle' },
  },
  syncerror: { operationoutcome: { resourceType: 'OperationOutcome' } },
} as const satisfies Record<string, Record<string, ContextKeyRule>>;

export type FhircastEventName = keyof typeof FHIRCAST_EVENTS;

/** Resource types a context entry may carry (other than under a '*' key). */
const CONTEXT_RESOURCE_TYPES = new Set([
  'Patient',
  'Encounter',
  'ImagingStudy',
  'DiagnosticReport',
  'OperationOutcome',
  'Bundle',
]);

/** Events whose publication must say which context version it updates. */
const VERSIONED_EVENTS = new Set<string>(['DiagnosticReport-update']);

export interface FhircastContextEntry {
  key: string;
  resource?: { resourceType?: string; id?: string; [field: string]: unknown };
  reference?: { reference?: string; display?: string };
}

export interface FhircastEvent {
  'hub.topic': string;
  'hub.event': FhircastEventName;
  context: FhircastContextEntry[];
  'context.versionId'?: string;
  'context.priorVersionId'?: string;
}

/** One published event as it travels to the hub and on to subscribers. */
export interface FhircastMessage {
  timestamp: string;
  id: string;
  event: FhircastEvent;
}

/** A subscription request to the hub (form fields hub.channel.type, hub.mode, hub.topic, hub.events, endpoint). */
export interface FhircastSubscriptionRequest {
  channelType: 'websocket';
  mode: 'subscribe' | 'unsubscribe';
  topic: string;
  events: FhircastEventName[];
  /** The websocket endpoint the hub gave; present once subscribed. */
  endpoint?: string;
}

/** A FHIRcast rule was broken; the message says which. */
export class FhircastError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FhircastError';
  }
}

export function isFhircastEventName(name: unknown): name is FhircastEventName {
  return typeof name === 'string' && Object.prototype.hasOwnProperty.call(FHIRCAST_EVENTS, name);
}

export function isVersionedEvent(name: string): boolean {
  return VERSIONED_EVENTS.has(name);
}

/**
 * A subscription request must use the websocket channel, mode subscribe or unsubscribe, a non-empty
 * topic, a non-empty list of known events, and an endpoint (when given) starting with ws.
 */
export function validateSubscriptionRequest(request: FhircastSubscriptionRequest): void {
  if (request.channelType !== 'websocket') throw new FhircastError('hub.channel.type must be websocket');
  if (request.mode !== 'subscribe' && request.mode !== 'unsubscribe') {
    throw new FhircastError('hub.mode must be subscribe or unsubscribe');
  }
  if (typeof request.topic !== 'string' || request.topic === '') {
    throw new FhircastError('hub.topic must be a non-empty string');
  }
  if (!Array.isArray(request.events) || request.events.length === 0) {
    throw new FhircastError('hub.events must list at least one event');
  }
  const unknown = request.events.filter((event) => !isFhircastEventName(event));
  if (unknown.length > 0) throw new FhircastError(`Unknown FHIRcast event: ${unknown.join(', ')}`);
  if (request.endpoint !== undefined && !/^wss?:\/\//.test(request.endpoint)) {
    throw new FhircastError('endpoint must be a websocket URL (ws:// or wss://)');
  }
}

/** The form body of a subscription request, as the hub reads it. */
export function subscriptionRequestForm(request: FhircastSubscriptionRequest): URLSearchParams {
  validateSubscriptionRequest(request);
  const form = new URLSearchParams({
    'hub.channel.type': request.channelType,
    'hub.mode': request.mode,
    'hub.topic': request.topic,
    'hub.events': request.events.join(','),
  });
  if (request.endpoint) form.set('endpoint', request.endpoint);
  return form;
}

/**
 * Checks an event before it is published: a non-empty topic, a known event name, a context object or
 * array, a version id where the event needs one, and each context entry against the event's keys.
 * Returns the event with its context as an array.
 */
export function validateEvent(event: {
  'hub.topic'?: unknown;
  'hub.event'?: unknown;
  context?: unknown;
  'context.versionId'?: unknown;
}): FhircastEvent {
  const topic = event['hub.topic'];
  const name = event['hub.event'];
  if (typeof topic !== 'string' || topic === '') throw new FhircastError('Must provide a topic');
  if (!isFhircastEventName(name)) {
    throw new FhircastError(
      `Must provide a known FHIRcast event name; known events: ${Object.keys(FHIRCAST_EVENTS).join(', ')}`
    );
  }
  const { context } = event;
  if (typeof context !== 'object' || context === null) {
    throw new FhircastError('context must be a context object or an array of context objects');
  }
  const versionId = event['context.versionId'];
  if (isVersionedEvent(name) && (typeof versionId !== 'string' || versionId === '')) {
    throw new FhircastError(`The '${name}' event must carry a 'context.versionId'`);
  }
  const entries = (Array.isArray(context) ? context : [context]) as unknown[];
  validateContext(name, entries);
  return {
    'hub.topic': topic,
    'hub.event': name,
    context: entries as FhircastContextEntry[],
    ...(typeof versionId === 'string' && versionId !== '' ? { 'context.versionId': versionId } : {}),
  };
}

function validateContext(name: FhircastEventName, entries: unknown[]): void {
  const rules: Record<string, ContextKeyRule> = FHIRCAST_EVENTS[name];
  const seen = new Map<string, number>();
  entries.forEach((entry, i) => {
    if (typeof entry !== 'object' || entry === null) {
      throw new FhircastError(`context[${i}] must be an object with a key`);
    }
    const { key, resource, reference } = entry as FhircastContextEntry;
    const rule = typeof key === 'string' ? rules[key] : undefined;
    if (!rule) {
      throw new FhircastError(`Key '${String(key)}' is not a context key of the '${name}' event`);
    }
    seen.set(key, (seen.get(key) ?? 0) + 1);
    if (rule.reference) {
      if (typeof reference?.reference !== 'string' || reference.reference === '') {
        throw new FhircastError(`context[${i}] must hold a reference under key '${key}'`);
      }
      return;
    }
    if (typeof resource !== 'object' || resource === null) {
      throw new FhircastError(`context[${i}] must hold a resource`);
    }
    if (typeof resource.id !== 'string' || resource.id === '') {
      throw new FhircastError(`context[${i}] is invalid: the resource needs a string id`);
    }
    if (typeof resource.resourceType !== 'string' || resource.resourceType === '') {
      throw new FhircastError(`context[${i}] is invalid: the resource needs a resourceType`);
    }
    if (rule.resourceType !== '*') {
      if (!CONTEXT_RESOURCE_TYPES.has(resource.resourceType)) {
        throw new FhircastError(
          `context[${i}] is invalid: ${resource.resourceType} is not a FHIRcast context resource type`
        );
      }
      if (resource.resourceType !== rule.resourceType) {
        throw new FhircastError(
          `context[${i}] is invalid: key '${key}' of the '${name}' event holds a ${rule.resourceType}`
        );
      }
    }
  });
  for (const [key, rule] of Object.entries(rules)) {
    const count = seen.get(key) ?? 0;
    if (!rule.optional && count === 0) {
      throw new FhircastError(`Missing required key '${key}' in the context of the '${name}' event`);
    }
    if (!rule.many && count > 1) {
      throw new FhircastError(`Key '${key}' appears ${count} times; the '${name}' event allows it once`);
    }
  }
}

/** A message ready to publish: the event checked, with a fresh id and timestamp. */
export function createFhircastMessage(
  topic: string,
  event: string,
  context: unknown,
  options: { versionId?: string; now?: Date; id?: string } = {}
): FhircastMessage {
  const checked = validateEvent({
    'hub.topic': topic,
    'hub.event': event,
    context,
    'context.versionId': options.versionId,
  });
  return {
    timestamp: (options.now ?? new Date()).toISOString(),
    id: options.id ?? crypto.randomUUID(),
    event: checked,
  };
}
