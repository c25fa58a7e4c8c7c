import type { Bot, Bundle, Subscription } from '@medplum/fhirtypes';
import type { EngineChange } from '../engine';
import type { VersionRecord } from '../engine/store';
import type { BotCaller } from './client';
import { readJson } from './execution';

/** Medplum's extension that limits a subscription to creates, updates or deletes. */
export const SUPPORTED_INTERACTION_URL =
  'https://medplum.com/fhir/StructureDefinition/subscription-supported-interaction';

/** An active rest-hook subscription whose endpoint is one of the project's bots. */
export interface BotSubscription {
  subscription: Subscription;
  botId: string;
  resourceType: string;
  /** The criteria's own search parameters ('status=preliminary'). */
  query: URLSearchParams;
  interaction?: 'create' | 'update' | 'delete';
}

/** Reads a subscription as a bot trigger, or undefined when it is not one (inactive, not a rest-hook to a Bot). */
export function asBotSubscription(subscription: Subscription): BotSubscription | undefined {
  if (subscription.status !== 'active' || subscription.channel?.type !== 'rest-hook') return undefined;
  const endpoint = /^(?:.*\/)?Bot\/([^/?#]+)$/.exec(subscription.channel.endpoint ?? '');
  const [resourceType, query = ''] = (subscription.criteria ?? '').split('?', 2);
  if (!endpoint?.[1] || !resourceType) return undefined;
  const interaction = subscription.extension?.find(
    (item) => item.url === SUPPORTED_INTERACTION_URL
  )?.valueCode;
  return {
    subscription,
    botId: endpoint[1],
    resourceType,
    query: new URLSearchParams(query),
    interaction:
      interaction === 'create' || interaction === 'update' || interaction === 'delete'
        ? interaction
        : undefined,
  };
}

/** The project's bot subscriptions, read through the engine. */
export async function loadBotSubscriptions(caller: BotCaller): Promise<BotSubscription[]> {
  const bundle = await readJson<Bundle<Subscription>>(caller, 'Subscription?status=active&_count=1000');
  return (bundle.entry ?? []).flatMap((entry) => {
    const found = entry.resource && asBotSubscription(entry.resource);
    return found ? [found] : [];
  });
}

/** The written versions a change could trigger subscriptions with (deletes are not sent to bots). */
export function triggeringVersions(change: EngineChange): VersionRecord[] {
  return change.versions.filter((version) => version.resource && version.method !== 'DELETE');
}

/** Whether the subscription wants this write: type, interaction and the bot's own writes. */
export function wants(trigger: BotSubscription, version: VersionRecord): boolean {
  if (trigger.resourceType !== version.resourceType) return false;
  const interaction = version.versionId === '1' ? 'create' : 'update';
  if (trigger.interaction && trigger.interaction !== interaction) return false;
  // A bot is not woken by what it wrote itself, so a bot cannot trigger itself in a loop.
  return version.resource?.meta?.author?.reference !== `Bot/${trigger.botId}`;
}

/** Whether the resource (as it is now) meets the criteria: a search for its id plus the criteria's parameters. */
export async function meetsCriteria(
  caller: BotCaller,
  trigger: BotSubscription,
  version: VersionRecord
): Promise<boolean> {
  const query = new URLSearchParams(trigger.query);
  query.set('_id', version.id);
  query.set('_summary', 'count');
  const bundle = await readJson<Bundle>(caller, `${trigger.resourceType}?${query.toString()}`).catch(
    () => undefined
  );
  return (bundle?.total ?? 0) > 0;
}

export function isBot(resource: unknown): resource is Bot {
  return (resource as Bot | undefined)?.resourceType === 'Bot';
}
