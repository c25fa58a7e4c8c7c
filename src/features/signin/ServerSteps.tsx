import { ChooseProfileForm } from './ChooseProfileForm';
import { ChooseScopeForm } from './ChooseScopeForm';
import { SingleFieldForm } from './FormParts';
import type { LoginAuthenticationResponse, SignInApi } from './types';
import type { SignInSteps } from './use-sign-in-steps';

interface ServerStepsProps {
  flow: SignInSteps;
  signIn: SignInApi;
  /** The scopes asked for (space-separated), offered one checkbox each in the scope step. */
  scope: string;
}

/** The steps the server asks for once the user is known: MFA code, profile, new project, scope. */
export function ServerSteps({ flow, signIn, scope }: ServerStepsProps) {
  const { step, busy, run, follow } = flow;
  /** Sends the step's answer and follows where the server leads next. */
  const next = (answer: () => Promise<LoginAuthenticationResponse>) =>
    void run(async () => follow(await answer()));
  switch (step.kind) {
    case 'mfa':
      return (
        <SingleFieldForm
          title="Enter MFA code"
          label="MFA code"
          name="token"
          requiredMessage="MFA code is required"
          submitLabel="Submit code"
          inputProps={{ inputMode: 'numeric', autoComplete: 'one-time-code' }}
          busy={busy}
          onSubmit={(token) => next(() => signIn.verifyMfa(step.login, token))}
        />
      );
    case 'profile':
      return (
        <ChooseProfileForm
          memberships={step.memberships}
          busy={busy}
          onChoose={(id) => next(() => signIn.chooseProfile(step.login, id))}
        />
      );
    case 'new-project':
      // Shown when the server waits for a project (a new user, or a sign-in with projectId 'new').
      return (
        <SingleFieldForm
          title="Create project"
          label="Project name"
          name="projectName"
          requiredMessage="Project name is required"
          submitLabel="Create project"
          busy={busy}
          onSubmit={(name) => next(() => signIn.newProject(step.login, name))}
        />
      );
    case 'scope':
      return (
        <ChooseScopeForm
          scope={scope}
          busy={busy}
          onSubmit={(chosen) =>
            void run(async () => {
              const answer = await signIn.chooseScope(step.login, chosen);
              await follow({ ...answer, code: answer.code ?? step.code }, true);
            })
          }
        />
      );
    default:
      return null;
  }
}
