// What the signed-in shell and the queues' first rows need. The task page has its own entry point
// (./task-page), loaded with its route; the upload pages too (./upload).
export { TaskListPage } from './list/TaskListPage';
export { useTaskMenuGroups } from './shell/use-task-menu';
export { ChangeOutcomeWatcher } from './commands/ChangeOutcomeWatcher';
export { useShellLoading } from './shell/use-shell-loading';
