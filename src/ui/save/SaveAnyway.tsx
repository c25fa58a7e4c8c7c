import { Alert, Button, Group } from '@mantine/core';
import type { OperationOutcome } from '@medplum/fhirtypes';
import { outcomeText } from '@/sync/http/errors';
import { asksToConfirm } from './check-resource';

export interface SaveAnywayProps {
  /** The last save's outcome: shown only when it holds nothing but warnings. */
  outcome: OperationOutcome | undefined;
  /** Saves again with the warnings accepted. */
  onSaveAnyway: () => void;
  busy?: boolean;
}

/**
 * The warnings of a save that asked to confirm (a value outside its plausible range), with the
 * button that saves it anyway. Errors are never offered this button.
 */
export function SaveAnyway({ outcome, onSaveAnyway, busy }: SaveAnywayProps) {
  if (!asksToConfirm(outcome) || !outcome) return null;
  return (
    <Alert color="yellow" title="Check before saving" role="alert">
      {outcomeText(outcome)}
      <Group justify="flex-end" mt="xs">
        <Button color="yellow" variant="outline" onClick={onSaveAnyway} loading={busy}>
          Save anyway
        </Button>
      </Group>
    </Alert>
  );
}
