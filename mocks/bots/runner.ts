export type { BotCall, BotCallAnswer, BotJob, BotOutcome, BotRunner, SandboxJob } from './sandbox-protocol';
