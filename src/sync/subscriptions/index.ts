export {
  DEFAULT_MAX_RECONNECT_DELAY_MS,
  DEFAULT_PING_INTERVAL_MS,
  DEFAULT_RECONNECT_DELAY_MS,
  SubscriptionManager,
  systemTimers,
  type CriteriaSubscription,
  type SubscriptionEvents,
  type SubscriptionFhirClient,
  type SubscriptionManagerOptions,
  type TimerClock,
  type WebSocketConstructor,
  type WebSocketLike,
} from './subscription-manager';
