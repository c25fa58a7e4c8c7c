import { writeBots } from './build';

/** `npx tsx mocks/bots/build-cli.ts`: rebuilds bots/compiled/*.js after a change to bots/*.ts. */
for (const path of await writeBots()) console.log(`wrote ${path}`);
