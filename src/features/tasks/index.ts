export { TaskListPage } from './list/TaskListPage';
export { TaskDetailPage, TASK_TABS, isTaskTab } from './detail/TaskDetailPage';
export { TaskNavigation } from './shell/TaskNavigation';
export { useShellLoading } from './shell/useShellLoading';
export { queryString } from './queues/menuQueues';
