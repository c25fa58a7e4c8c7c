export {
  DEFAULT_HUB_PATH,
  FhircastClient,
  FhircastConnection,
  type FhircastClientOptions,
  type FhircastConnectionEvents,
  type FhircastContext,
  type FhircastHttp,
} from './fhircast-client';
export {
  FhircastError,
  type FhircastEventName,
  type FhircastMessage,
  type FhircastSubscriptionRequest,
} from '@/fhir/fhircast';
