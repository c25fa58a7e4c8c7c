export { TaskListPage } from './list/TaskListPage';
export { TaskDetailPage, TASK_TABS, isTaskTab } from './detail/TaskDetailPage';
export { useTaskMenuGroups } from './shell/use-task-menu';
export { ChangeOutcomeWatcher } from './commands/ChangeOutcomeWatcher';
export { useShellLoading } from './shell/use-shell-loading';
