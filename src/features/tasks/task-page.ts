/**
 * The task page (/Task/{id}/{tab}) on its own entry point: the app loads it with the route that
 * draws it, so a queue's first rows do not wait for the task page, its tabs, the patient summary and
 * their forms.
 */
export { TaskDetailPage, TASK_TABS, isTaskTab, type TaskTab } from './detail/TaskDetailPage';
