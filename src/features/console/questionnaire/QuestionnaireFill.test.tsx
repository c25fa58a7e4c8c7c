import type {
  Bundle,
  Condition,
  Patient,
  Questionnaire,
  QuestionnaireResponse,
  Task,
} from '@medplum/fhirtypes';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DraftStore, draftStoreOf } from '@/ui/drafts';
import { ME, taskFixture } from '@/ui/testing/replica-harness';
import { consoleTestHarness } from '../testing/render-console';

const ctx = consoleTestHarness();

const patient: Patient = { resourceType: 'Patient', id: 'p1', name: [{ given: ['Ada'], family: 'Byron' }] };

const screening: Questionnaire = {
  resourceType: 'Questionnaire',
  id: 'q1',
  url: 'https://forms.example/screening',
  status: 'active',
  title: 'Screening',
  item: [
    { linkId: 'name', type: 'string', text: 'Preferred name', required: true },
    { linkId: 'smoker', type: 'boolean', text: 'Smoker' },
  ],
};

/** An in-progress response to the screening about the patient, by `author`. */
const inProgress = (
  id: string,
  author: string,
  item: QuestionnaireResponse['item']
): QuestionnaireResponse => ({
  resourceType: 'QuestionnaireResponse',
  id,
  status: 'in-progress',
  questionnaire: screening.url,
  subject: { reference: 'Patient/p1' },
  author: { reference: author },
  item,
});

/** The answers kept on this device for the screening about the patient. */
const keptAnswers = () =>
  draftStoreOf(ctx.h.props.client.storage).read(
    DraftStore.key(ME, 'questionnaire:https://forms.example/screening:Patient/p1')
  );

const responsesOnServer = async (): Promise<QuestionnaireResponse[]> => {
  const bundle: Bundle = await ctx.h.fhir.search('QuestionnaireResponse', { subject: 'Patient/p1' });
  return (bundle.entry ?? []).map((entry) => entry.resource as QuestionnaireResponse);
};

afterEach(() => {
  vi.restoreAllMocks();
});

describe('filling in a questionnaire', () => {
  it("a refused Submit shows the server's words under the items they name, and the rest above", async () => {
    await ctx.renderConsole('/Questionnaire/q1/form?subject=Patient/p1', {
      held: [screening, patient],
      heldTypes: ['Questionnaire', 'Patient'],
    });
    // The server refuses a new response: one issue names the first item's answer, one names none.
    const handle = ctx.h.fake.handle.bind(ctx.h.fake);
    vi.spyOn(ctx.h.fake, 'handle').mockImplementation(async (request: Request) => {
      if (request.method === 'POST' && new URL(request.url).pathname.endsWith('/QuestionnaireResponse'))
        return new Response(
          JSON.stringify({
            resourceType: 'OperationOutcome',
            issue: [
              {
                severity: 'error',
                code: 'invariant',
                details: { text: 'A name has no digits' },
                expression: ['QuestionnaireResponse.item[0].answer[0].valueString'],
              },
              { severity: 'error', code: 'business-rule', details: { text: 'Consent is not on file' } },
            ],
          }),
          { status: 400, headers: { 'Content-Type': 'application/fhir+json' } }
        );
      return handle(request);
    });
    const user = userEvent.setup();
    const name = await screen.findByRole('textbox', { name: 'Preferred name' });
    await user.type(name, 'Ada2');
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The response was not saved');
    expect(alert).toHaveTextContent('Consent is not on file');
    expect(alert).not.toHaveTextContent('A name has no digits');
    // Said under the item, which keeps its answer.
    const field = name.closest<HTMLElement>('.mantine-InputWrapper-root');
    expect(field).not.toBeNull();
    expect(within(field as HTMLElement).getByText('A name has no digits')).toBeInTheDocument();
    expect(name).toHaveValue('Ada2');
    expect(screen.queryByText('Response submitted')).toBeNull();

    // A changed answer takes the words about the old one away.
    await user.clear(name);
    await user.type(name, 'Ada');
    expect(screen.queryByText('A name has no digits')).toBeNull();
  });

  it('keeps the answers on this device only until Submit, which sends one completed response', async () => {
    await ctx.renderConsole('/Questionnaire/q1/form?subject=Patient/p1', {
      held: [screening, patient],
      heldTypes: ['Questionnaire', 'Patient'],
    });
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: 'Preferred name' }), 'Ada');
    expect(
      await screen.findByText(/kept on this device at .*; sent only when you submit/, {}, { timeout: 3000 })
    ).toBeInTheDocument();
    expect(await keptAnswers()).toEqual({ name: [{ valueString: 'Ada' }] });
    // Nothing of the unfinished answers goes through the outbox.
    expect(ctx.h.applied).toEqual([]);

    await user.click(screen.getByRole('checkbox', { name: 'Smoker' }));
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Response submitted')).toBeInTheDocument();
    expect(ctx.h.applied).toEqual([
      expect.objectContaining({ kind: 'create', label: 'Submit questionnaire' }),
    ]);
    expect(await keptAnswers()).toBeUndefined();

    await ctx.h.syncNow();
    const [onServer, ...others] = await responsesOnServer();
    expect(others).toEqual([]);
    expect(onServer).toMatchObject({
      status: 'completed',
      questionnaire: 'https://forms.example/screening',
      subject: { reference: 'Patient/p1' },
      author: { reference: ME },
      item: [
        { linkId: 'name', answer: [{ valueString: 'Ada' }] },
        { linkId: 'smoker', answer: [{ valueBoolean: true }] },
      ],
    });
  });

  it('restores the answers kept on this device when the form opens again, and Discard starts afresh', async () => {
    const setup = { held: [screening, patient], heldTypes: ['Questionnaire', 'Patient'] };
    const first = await ctx.renderConsole('/Questionnaire/q1/form?subject=Patient/p1', setup);
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: 'Preferred name' }), 'Countess');
    first.unmount();
    await ctx.renderConsole('/Questionnaire/q1/form?subject=Patient/p1');
    expect(await screen.findByText('Draft restored')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Preferred name' })).toHaveValue('Countess');
    await user.click(screen.getByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Preferred name' })).toHaveValue(''));
    await expect.poll(() => keptAnswers()).toBeUndefined();
    expect(ctx.h.applied).toEqual([]);
  });

  it('goes on with the answers of the in-progress response kept on this device', async () => {
    const answers = [{ linkId: 'name', answer: [{ valueString: 'Countess' }] }];
    const draft = inProgress('r1', ME, answers);
    await ctx.renderConsole('/Questionnaire/q1/form?subject=Patient/p1', {
      held: [screening, patient, draft],
      heldTypes: ['Questionnaire', 'Patient', 'QuestionnaireResponse'],
    });
    expect(await screen.findByRole('textbox', { name: 'Preferred name' })).toHaveValue('Countess');
    expect(screen.getByRole('status', { name: 'Response state' })).toHaveTextContent(
      'continuing the answers kept on this device'
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Response submitted')).toBeInTheDocument();
    // The draft itself is completed: no second response is created.
    expect(ctx.h.applied).toEqual([
      expect.objectContaining({ resourceType: 'QuestionnaireResponse', id: 'r1', kind: 'patch' }),
    ]);
    expect((await ctx.h.resource<QuestionnaireResponse>('QuestionnaireResponse', 'r1'))?.status).toBe(
      'completed'
    );
  });

  it("filled in for a task, the response is about the task's patient and based on its requests", async () => {
    const task = taskFixture('t1', {
      for: { reference: 'Patient/p1' },
      basedOn: [{ reference: 'ServiceRequest/s1' }, { reference: 'Task/parent' }],
    });
    await ctx.renderConsole('/Questionnaire/q1/form?task=Task/t1', {
      held: [screening, patient, task],
      heldTypes: ['Questionnaire', 'Patient', 'Task'],
    });
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: 'Preferred name' }), 'Ada');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Response submitted')).toBeInTheDocument();
    // R4 lets a response be based on a CarePlan or ServiceRequest only: the parent task is left out.
    expect(ctx.h.applied[0]?.resource).toMatchObject({
      subject: { reference: 'Patient/p1' },
      basedOn: [{ reference: 'ServiceRequest/s1' }],
    });
  });

  it("submitted offline for a task, the task's output points at the response, by the server's id once synced", async () => {
    const task = taskFixture('t1', { for: { reference: 'Patient/p1' } });
    const { router } = await ctx.renderConsole('/Questionnaire/q1/form?task=Task/t1', {
      held: [screening, patient, task],
      heldTypes: ['Questionnaire', 'Patient', 'Task'],
      online: false,
    });
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: 'Preferred name' }), 'Ada');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    // Not 'submitted' while the server does not have it: the words say it is kept here.
    expect(await screen.findByText('Response kept on this device, will be sent')).toBeInTheDocument();
    expect(screen.queryByText('Response submitted')).not.toBeInTheDocument();
    const link = ctx.h.applied.find((change) => change.resourceType === 'Task');
    expect(link).toMatchObject({ id: 't1', kind: 'patch', label: 'Link questionnaire response' });
    // On this device the task already points at the response, under its temporary id.
    const held = await ctx.h.resource<Task>('Task', 't1');
    const [output] = held?.output ?? [];
    expect(output?.type).toEqual({ text: 'Questionnaire response' });
    expect(output?.valueReference?.display).toBe('Screening');
    const temporary = output?.valueReference?.reference ?? '';
    expect(await ctx.h.resource('QuestionnaireResponse', temporary.split('/')[1] ?? '')).toMatchObject({
      status: 'completed',
    });

    ctx.h.setOnline(true);
    await ctx.h.syncNow();
    const [onServer, ...others] = await responsesOnServer();
    expect(others).toEqual([]);
    expect(onServer?.status).toBe('completed');
    expect(`QuestionnaireResponse/${onServer?.id}`).not.toBe(temporary);
    const serverTask = await ctx.h.fhir.read<Task>('Task', 't1', { noCache: true });
    expect(serverTask.output?.map((item) => item.valueReference?.reference)).toEqual([
      `QuestionnaireResponse/${onServer?.id}`,
    ]);
    // The response's page under its temporary id follows it to the server's id.
    await router.navigate({ href: `/${temporary}/details` });
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/QuestionnaireResponse/${onServer?.id}/details`)
    );
  });

  it('a response the task already points at is not added to its outputs again', async () => {
    const draft = inProgress('r1', ME, [{ linkId: 'name', answer: [{ valueString: 'Ada' }] }]);
    const task = taskFixture('t1', {
      for: { reference: 'Patient/p1' },
      output: [
        {
          type: { text: 'Questionnaire response' },
          valueReference: { reference: 'QuestionnaireResponse/r1' },
        },
      ],
    });
    await ctx.renderConsole('/Questionnaire/q1/form?task=Task/t1', {
      held: [screening, patient, task, draft],
      heldTypes: ['Questionnaire', 'Patient', 'Task', 'QuestionnaireResponse'],
    });
    const user = userEvent.setup();
    await screen.findByRole('textbox', { name: 'Preferred name' });
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Response submitted')).toBeInTheDocument();
    expect(ctx.h.applied.map((change) => `${change.resourceType}/${change.id} ${change.kind}`)).toEqual([
      'QuestionnaireResponse/r1 patch',
    ]);
    expect((await ctx.h.resource<Task>('Task', 't1'))?.output).toHaveLength(1);
  });

  describe("a reference item filtered by the response's patient", () => {
    const conditions: Questionnaire = {
      resourceType: 'Questionnaire',
      id: 'q2',
      status: 'active',
      item: [
        {
          linkId: 'problem',
          type: 'reference',
          text: 'Problem',
          extension: [
            {
              url: 'http://hl7.org/fhir/StructureDefinition/questionnaire-referenceResource',
              valueCode: 'Condition',
            },
            {
              url: 'http://hl7.org/fhir/StructureDefinition/questionnaire-referenceFilter',
              valueString: 'patient={{%patient}}&_sort=_id',
            },
          ],
        },
      ],
    };
    const other: Patient = { resourceType: 'Patient', id: 'p2', name: [{ family: 'Other' }] };
    const condition = (id: string, subject: string, text: string): Condition => ({
      resourceType: 'Condition',
      id,
      subject: { reference: subject },
      code: { text },
    });
    const problemInput = async () =>
      (await screen.findAllByLabelText('Problem')).find(
        (element) => element.tagName === 'INPUT'
      ) as HTMLElement;
    /** The Condition searches the page made, as their query parameters. */
    const conditionSearches = () =>
      ctx.h.pageRequests
        .filter((url) => url.startsWith('Condition?'))
        .map((url) => Object.fromEntries(new URLSearchParams(url.slice('Condition?'.length))));

    it("offers only the choices of the task's patient", async () => {
      const task = taskFixture('t1', { for: { reference: 'Patient/p1' } });
      await ctx.renderConsole('/Questionnaire/q2/form?task=Task/t1', {
        held: [conditions, patient, other, task],
        heldTypes: ['Questionnaire', 'Patient', 'Task'],
      });
      await ctx.h.serve(condition('c1', 'Patient/p1', 'Asthma'), condition('c2', 'Patient/p2', 'Gout'));
      const user = userEvent.setup();
      await user.click(await problemInput());
      expect(await screen.findByRole('option', { name: /Asthma|Condition\/c1/ })).toBeInTheDocument();
      expect(screen.queryByRole('option', { name: /Gout|Condition\/c2/ })).toBeNull();
      expect(conditionSearches()[0]).toMatchObject({ patient: 'Patient/p1', _sort: '_id' });
    });

    it('without a patient, searches without that parameter', async () => {
      await ctx.renderConsole('/Questionnaire/q2/form', {
        held: [conditions, patient, other],
        heldTypes: ['Questionnaire', 'Patient'],
      });
      await ctx.h.serve(condition('c1', 'Patient/p1', 'Asthma'), condition('c2', 'Patient/p2', 'Gout'));
      const user = userEvent.setup();
      await user.click(await problemInput());
      await waitFor(() => expect(conditionSearches().length).toBeGreaterThan(0));
      const [search] = conditionSearches();
      expect(search).toMatchObject({ _sort: '_id' });
      expect(search).not.toHaveProperty('patient');
    });
  });

  it('Submit stays on the form while a required question is unanswered', async () => {
    await ctx.renderConsole('/Questionnaire/q1/form', { held: [screening], heldTypes: ['Questionnaire'] });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Submit' }));
    expect(screen.getByText('This question needs an answer')).toBeInTheDocument();
    expect(ctx.h.applied).toEqual([]);
  });
});
