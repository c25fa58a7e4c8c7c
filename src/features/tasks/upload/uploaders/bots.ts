import type { Bot, Bundle, BundleEntry, Subscription } from '@medplum/fhirtypes';
import { decodeSource, EXAMPLE_BOTS, type ExampleBot } from '../data/example-bots';
import { executeBundle, requireAllAcceptable, type UploadContext, type Uploader } from './context';

/** The bot of that name (one expected), or a new one made with the admin API. */
async function findOrCreateBot(context: UploadContext, name: string): Promise<Bot> {
  const bundle = await context.fhir.search('Bot', { name }, { noCache: true });
  const found = bundle.entry
    ?.map((entry) => entry.resource)
    .find((bot): bot is Bot => bot?.resourceType === 'Bot' && bot.name === name);
  if (found) return found;
  if (!context.projectId) throw new Error('No project to create the bot in');
  return context.fhir.api.post<Bot>(`admin/projects/${encodeURIComponent(context.projectId)}/bot`, { name });
}

/** The bot's description and schedule, and its subscriptions (each created once). */
function botEntries(bot: Bot, example: ExampleBot): BundleEntry[] {
  const endpoint = `Bot/${bot.id}`;
  const updated: Bot = {
    ...bot,
    description: example.description,
    runtimeVersion: 'vmcontext',
    ...(example.cronString ? { cronString: example.cronString } : {}),
  };
  const subscriptions = example.subscriptions.map(
    (subscription): BundleEntry<Subscription> => ({
      request: {
        method: 'POST',
        url: 'Subscription',
        ifNoneExist: `url=${endpoint}&criteria=${encodeURIComponent(subscription.criteria ?? '')}`,
      },
      resource: { ...subscription, channel: { type: 'rest-hook', endpoint } } as Subscription,
    })
  );
  return [{ request: { method: 'PUT', url: endpoint }, resource: updated }, ...subscriptions];
}

/** Creates the bots as needed, loads their settings and subscriptions in one batch, then deploys their code. */
export const uploadBots: Uploader = async (context) => {
  const bots: { bot: Bot; example: ExampleBot }[] = [];
  for (const example of EXAMPLE_BOTS)
    bots.push({ bot: await findOrCreateBot(context, example.name), example });
  const entry = bots.flatMap(({ bot, example }) => botEntries(bot, example));
  const bundle: Bundle = { resourceType: 'Bundle', type: 'batch', entry };
  requireAllAcceptable(await executeBundle(context, bundle), entry.length, 'Error uploading example bots');
  for (const { bot, example } of bots) {
    const code = decodeSource(example.source.data);
    await context.fhir.api.post(context.fhir.api.fhirUrl('Bot', bot.id as string, '$deploy'), {
      code,
      filename: `${example.name}.js`,
    });
  }
  return ['Deployed Example Bots'];
};
