import type { AuthSnapshot } from './auth/types';
import type { CapturedEmail } from './email/mailbox';
import type { EngineSnapshot } from './engine/engine';
import type { KeyValueEntry } from './keyvalue/keyvalue-service';

/** The parts of a server's saved state a reset sorts out. */
interface ResettableState {
  clockOffsetMs: number;
  engine: EngineSnapshot;
  auth: AuthSnapshot;
  emails?: CapturedEmail[];
  keyValues?: KeyValueEntry[];
}

/**
 * What a reset keeps: the projects people created by registering (every project the seed does not
 * hold), with their resources, their users' memberships in them, their service clients, their
 * mail and their key-value entries. Everything of the seeded projects comes from the fresh seed.
 * Sign-ins are not kept: a reset signs everyone out.
 */
export function keepRegisteredProjects<T extends ResettableState>(seeded: T, before: T): T {
  const seedProjects = new Set(seeded.engine.projects.map((project) => project.id));
  const kept = (projectId: string | undefined): boolean =>
    projectId !== undefined && !seedProjects.has(projectId);
  const seedUsers = new Map(seeded.auth.users.map((user) => [user.id, user]));
  const users = seeded.auth.users.map((user) => ({ ...user, memberships: [...user.memberships] }));
  const byId = new Map(users.map((user) => [user.id, user]));
  for (const user of before.auth.users) {
    const memberships = user.memberships.filter((membership) => kept(membership.projectId));
    const seedUser = seedUsers.has(user.id) ? byId.get(user.id) : undefined;
    if (seedUser) seedUser.memberships.push(...memberships);
    else if (memberships.length > 0) users.push({ ...user, memberships });
  }
  return {
    ...seeded,
    clockOffsetMs: before.clockOffsetMs,
    engine: {
      ...seeded.engine,
      projects: [...seeded.engine.projects, ...before.engine.projects.filter((project) => kept(project.id))],
    },
    auth: {
      ...seeded.auth,
      users,
      clients: [...seeded.auth.clients, ...before.auth.clients.filter((client) => kept(client.projectId))],
    },
    emails: (before.emails ?? []).filter((email) => email.projectIds.some(kept)),
    keyValues: (before.keyValues ?? []).filter(([slot]) => kept(slotProject(slot))),
  };
}

/** The project of a key-value slot (a JSON array that starts with it). */
function slotProject(slot: string): string | undefined {
  try {
    const parsed: unknown = JSON.parse(slot);
    return Array.isArray(parsed) && typeof parsed[0] === 'string' ? parsed[0] : undefined;
  } catch {
    return undefined;
  }
}
