import type { CapabilityStatement, Resource } from '@medplum/fhirtypes';
import type { FhirClient } from '../fhir/fhir-client';
import {
  SubscriptionManager,
  type CriteriaSubscription,
  type TimerClock,
  type WebSocketConstructor,
} from '../subscriptions/subscription-manager';

/** What the engine follows live: every task (a recently changed task belongs in All Tasks). */
export const LIVE_CRITERIA = ['Task'];

export interface LiveUpdatesOptions {
  fhir: FhirClient;
  WebSocket: WebSocketConstructor;
  timers?: TimerClock;
  /**
   * A change in scope was announced (with the changed resource when the notification carries it),
   * or the socket (re)connected (no resource): catch up now.
   */
  onChange: (resource?: Resource) => void;
  /** Whether notifications flow (false until bound, and after the socket or the binding failed). */
  onLive: (live: boolean) => void;
}

/**
 * Whether the server offers websocket Subscriptions, by its CapabilityStatement: it must take
 * Subscription creates. A statement that lists no Subscription means polling only.
 */
export function offersSubscriptions(statement: CapabilityStatement | undefined): boolean {
  return (statement?.rest ?? []).some((rest) =>
    (rest.resource ?? []).some(
      (resource) =>
        resource.type === 'Subscription' &&
        (resource.interaction ?? []).some((interaction) => interaction.code === 'create')
    )
  );
}

/**
 * Live updates for the engine: a websocket Subscription per criteria; each notification asks for a
 * catch-up (one request), and so does every (re)connection, for what passed while the socket was
 * down. The engine's timer keeps running: it is the fallback whenever this is not live.
 */
export class LiveUpdates {
  private readonly manager: SubscriptionManager;
  private readonly subscriptions: CriteriaSubscription[];

  constructor(private readonly options: LiveUpdatesOptions) {
    this.manager = new SubscriptionManager({
      fhir: options.fhir,
      WebSocket: options.WebSocket,
      timers: options.timers,
    });
    this.subscriptions = LIVE_CRITERIA.map((criteria) => {
      const subscription = this.manager.subscribe(criteria);
      subscription.on('connect', () => {
        options.onLive(true);
        options.onChange();
      });
      subscription.on('message', ({ resource }) => options.onChange(resource));
      subscription.on('error', () => options.onLive(false));
      subscription.on('close', () => options.onLive(false));
      return subscription;
    });
  }

  stop(): void {
    for (const subscription of this.subscriptions) subscription.remove();
    this.manager.close();
    this.options.onLive(false);
  }
}
