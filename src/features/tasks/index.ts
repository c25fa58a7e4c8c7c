export { TaskListPage } from './list/TaskListPage';
export { TaskDetailPage, TASK_TABS, isTaskTab } from './detail/TaskDetailPage';
export { TaskNavigation } from './shell/TaskNavigation';
export { useShellLoading } from './shell/use-shell-loading';
export { queryString } from './queues/menu-queues';
