import type { Uploader } from './uploaders/context';

/** The upload pages: /upload/{type}. */
export const UPLOAD_TYPES = ['core', 'task', 'role', 'qualifications', 'bots', 'report', 'message'] as const;
export type UploadType = (typeof UPLOAD_TYPES)[number];

export const INVALID_UPLOAD_TYPE = 'Invalid upload type';

export function isUploadType(value: string): value is UploadType {
  return (UPLOAD_TYPES as readonly string[]).includes(value);
}

/** The button's label: 'Upload core Data'. */
export function uploadLabel(dataType: string): string {
  return `Upload ${dataType} Data`;
}

/** Each upload and its example data load only when it runs, outside the task routes' first JS. */
const LOADERS: Record<UploadType, () => Promise<Uploader>> = {
  core: () => import('./uploaders/core').then((module) => module.uploadCore),
  task: () => import('./uploaders/bundles').then((module) => module.uploadTasks),
  role: () => import('./uploaders/practitioner').then((module) => module.uploadRole),
  qualifications: () => import('./uploaders/practitioner').then((module) => module.uploadQualifications),
  bots: () => import('./uploaders/bots').then((module) => module.uploadBots),
  report: () => import('./uploaders/bundles').then((module) => module.uploadReport),
  message: () => import('./uploaders/bundles').then((module) => module.uploadMessages),
};

/** The upload of a type; rejects with 'Invalid upload type' for any other. */
export function loadUploader(dataType: string): Promise<Uploader> {
  return isUploadType(dataType) ? LOADERS[dataType]() : Promise.reject(new Error(INVALID_UPLOAD_TYPE));
}
