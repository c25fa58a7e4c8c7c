import { expect, test, type Page } from '@playwright/test';
import {
  actions,
  openTaskInApp,
  readyTasks,
  serverRead,
  signIn,
  waitForFirstSync,
  type TaskLike,
} from './support/app';

const LEADER_LOCK = 'carequeue-sync-leader';

/** Who holds the leader lock and how many wait for it, across every tab and worker of the origin. */
async function leaderLock(page: Page): Promise<{ held: number; pending: number }> {
  return page.evaluate(async (name) => {
    const state = await navigator.locks.query();
    return {
      held: (state.held ?? []).filter((lock) => lock.name === name).length,
      pending: (state.pending ?? []).filter((lock) => lock.name === name).length,
    };
  }, LEADER_LOCK);
}

async function addNote(page: Page, text: string): Promise<void> {
  await actions(page).getByLabel('Note').fill(text);
  await actions(page).getByRole('button', { name: 'Add Note' }).click();
  await expect(actions(page).getByLabel('Note')).toHaveValue('');
}

async function serverNotes(page: Page, id: string): Promise<string[]> {
  return ((await serverRead<TaskLike>(page, `Task/${id}`)).note ?? []).map((note) => note.text ?? '');
}

test("one tab syncs at a time: it pushes another tab's change, and that tab takes over when it closes", async ({
  context,
}) => {
  const first = await context.newPage();
  await signIn(first, 'doctor@example.com');
  await waitForFirstSync(first);
  const second = await context.newPage();
  await second.goto('/Task');
  await waitForFirstSync(second);
  await expect.poll(() => leaderLock(second)).toEqual({ held: 1, pending: 1 });

  const [task] = (await readyTasks(second, 20, 1)) as [TaskLike];
  await openTaskInApp(second, task.id);
  await addNote(second, 'From the second tab');
  await expect.poll(() => serverNotes(second, task.id), { timeout: 20_000 }).toContain('From the second tab');

  await first.close();
  await expect.poll(() => leaderLock(second)).toEqual({ held: 1, pending: 0 });
  await addNote(second, 'After the first tab closed');
  await expect
    .poll(() => serverNotes(second, task.id), { timeout: 20_000 })
    .toContain('After the first tab closed');
});
