import { Alert, Box, Button, LoadingOverlay, Stack, Text, Title } from '@mantine/core';
import { useRouter } from '@tanstack/react-router';
import { useState } from 'react';
import {
  formatHumanName,
  useCommands,
  useFhirClient,
  useProfile,
  useSessionState,
  useSyncStatus,
} from '@/ui';
import { errorMessage, showError, showSuccess } from '../commands/notify';
import { TOUCH_HEIGHT } from '../constants';
import { INVALID_UPLOAD_TYPE, isUploadType, loadUploader, uploadLabel } from './uploads';

/** The core upload's second notice comes this much later. */
export const SECOND_NOTICE_DELAY_MS = 1000;
/** How long the page waits for the queues to pull the new data before going back. */
const PULL_WAIT_MS = 10_000;

export interface UploadPageProps {
  dataType: string;
}

/**
 * /upload/{dataType}: one button that uploads example data straight to the server (not through the
 * outbox: it needs the network), then asks the sync engine to pull so the queues show it, says
 * 'Success' and goes back one page. A failure is a red 'Error' notice with the error's words.
 */
export function UploadPage({ dataType }: UploadPageProps) {
  const router = useRouter();
  const { syncNow } = useCommands();
  const { online } = useSyncStatus();
  const { reference, profile } = useProfile();
  const session = useSessionState();
  const [running, setRunning] = useState(false);
  const fhir = useFhirClient({ cached: false });
  const projectId =
    session.status === 'ready'
      ? (session.details.project.id ?? '')
      : ((session.status === 'tokens' ? session.login.project?.reference?.split('/')[1] : undefined) ?? '');

  const upload = async (): Promise<void> => {
    setRunning(true);
    try {
      const run = await loadUploader(dataType);
      const profileName =
        profile?.resourceType === 'Practitioner' ? formatHumanName(profile.name?.[0]) : undefined;
      const notices = await run({ fhir, profile: reference, profileName, projectId, now: new Date() });
      await Promise.race([syncNow().catch(() => undefined), delay(PULL_WAIT_MS)]);
      const [first, second] = notices;
      if (first) showSuccess(first);
      if (second) setTimeout(() => showSuccess(second), SECOND_NOTICE_DELAY_MS);
      router.history.back();
    } catch (error) {
      showError(errorMessage(error));
    } finally {
      setRunning(false);
    }
  };

  return (
    <Box pos="relative" maw={560}>
      <LoadingOverlay visible={running} zIndex={50} />
      <Stack gap="md">
        <Title order={1}>{isUploadType(dataType) ? `Upload ${dataType} data` : 'Upload data'}</Title>
        {!isUploadType(dataType) && <Text c="red">{INVALID_UPLOAD_TYPE}</Text>}
        {!online && (
          <Alert color="yellow" title="Offline">
            Uploading example data needs a connection to the server. Try again when you are back online.
          </Alert>
        )}
        <Box>
          <Button mih={TOUCH_HEIGHT} disabled={running || !online} onClick={() => void upload()}>
            {uploadLabel(dataType)}
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
