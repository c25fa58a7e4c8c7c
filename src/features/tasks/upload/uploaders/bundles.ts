import type { Bundle } from '@medplum/fhirtypes';
import { exampleMessagesBundle } from '../data/example-messages';
import { exampleReportBundle } from '../data/example-report';
import { exampleTasksBundle } from '../data/example-tasks';
import { executeTransaction, requireAllAcceptable, type UploadContext, type Uploader } from './context';

function practitioner(context: UploadContext) {
  if (!context.profile) throw new Error('No signed-in user');
  return { reference: context.profile, ...(context.profileName ? { display: context.profileName } : {}) };
}

async function upload(context: UploadContext, bundle: Bundle, what: string): Promise<void> {
  const response = await executeTransaction(context, bundle);
  requireAllAcceptable(response, bundle.entry?.length ?? 0, `Error uploading ${what}`);
}

/** Tasks of all four types with their patients and focus resources. */
export const uploadTasks: Uploader = async (context) => {
  await upload(context, exampleTasksBundle(context.now, practitioner(context)), 'example tasks');
  return ['Uploaded Example Tasks'];
};

/** A preliminary lab report with its observations. */
export const uploadReport: Uploader = async (context) => {
  await upload(context, exampleReportBundle(context.now), 'the example report');
  return ['Uploaded Example Report'];
};

/** Patient message threads, some waiting for a reply. */
export const uploadMessages: Uploader = async (context) => {
  await upload(context, exampleMessagesBundle(context.now, practitioner(context)), 'example messages');
  return ['Uploaded Example Messages'];
};
