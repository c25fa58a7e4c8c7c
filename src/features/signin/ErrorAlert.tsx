import { Alert, List } from '@mantine/core';
import { ApiError } from '@/ui';

interface ErrorAlertProps {
  error: unknown;
  title?: string;
}

/** A red alert listing the server's words: one line per OperationOutcome issue. */
export function ErrorAlert({ error, title }: ErrorAlertProps) {
  const lines = errorLines(error);
  return (
    <Alert color="red" variant="light" title={title} role="alert">
      {lines.length === 1 ? (
        lines[0]
      ) : (
        <List size="sm">
          {lines.map((line) => (
            <List.Item key={line}>{line}</List.Item>
          ))}
        </List>
      )}
    </Alert>
  );
}

function errorLines(error: unknown): string[] {
  if (error instanceof ApiError) {
    const texts = (error.outcome.issue ?? [])
      .map((issue) => issue.details?.text ?? issue.diagnostics)
      .filter((text): text is string => !!text);
    if (texts.length > 0) {
      return [...new Set(texts)];
    }
  }
  return [error instanceof Error ? error.message : String(error)];
}
