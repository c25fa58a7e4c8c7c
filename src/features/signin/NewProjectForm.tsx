import { SingleFieldForm } from './FormParts';

interface NewProjectFormProps {
  busy: boolean;
  onSubmit: (projectName: string) => void;
}

/** Shown when the server waits for a project (a new user, or a sign-in with projectId 'new'). */
export function NewProjectForm({ busy, onSubmit }: NewProjectFormProps) {
  return (
    <SingleFieldForm
      title="Create project"
      label="Project name"
      name="projectName"
      requiredMessage="Project name is required"
      submitLabel="Create project"
      busy={busy}
      onSubmit={onSubmit}
    />
  );
}
