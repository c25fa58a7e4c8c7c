import { MantineProvider } from '@mantine/core';
import type { Questionnaire, QuestionnaireItem, QuestionnaireItemEnableWhen } from '@medplum/fhirtypes';
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { NO_ANSWERS_DEFINED } from './QuestionnaireItemInput';
import { QuestionnaireForm, REQUIRED_ANSWER } from './QuestionnaireForm';
import { buildResponse, ITEM_CONTROL_URL, type Answers } from './questionnaire-rules';

const control = (code: string) => [{ url: ITEM_CONTROL_URL, valueCodeableConcept: { coding: [{ code }] } }];

const intake: Questionnaire = {
  resourceType: 'Questionnaire',
  id: 'intake',
  status: 'active',
  title: 'Intake',
  item: [
    {
      linkId: 'about',
      type: 'group',
      text: 'About you',
      extension: control('page'),
      item: [
        { linkId: 'name', type: 'string', text: 'Preferred name', required: true },
        { linkId: 'age', type: 'integer', text: 'Age' },
      ],
    },
    {
      linkId: 'habits',
      type: 'group',
      text: 'Habits',
      extension: control('page'),
      item: [
        {
          linkId: 'smoker',
          type: 'choice',
          text: 'Do you smoke?',
          answerOption: [
            { valueCoding: { code: 'y', display: 'Yes' } },
            { valueCoding: { code: 'n', display: 'No' } },
          ],
        },
        {
          linkId: 'packs',
          type: 'decimal',
          text: 'Packs a day',
          required: true,
          enableWhen: [{ question: 'smoker', operator: '=', answerCoding: { code: 'y' } }],
        },
        { linkId: 'unknown', type: 'choice', text: 'Favourite clinic' },
        {
          linkId: 'diet',
          type: 'choice',
          text: 'Diet',
          extension: control('drop-down'),
          answerOption: [{ valueString: 'Vegetarian' }, { valueString: 'Omnivore', initialSelected: true }],
        },
      ],
    },
  ],
};

function renderForm(onSubmit: (answers: Answers) => void, questionnaire: Questionnaire = intake) {
  render(
    <MantineProvider>
      <QuestionnaireForm questionnaire={questionnaire} onSubmit={onSubmit} />
    </MantineProvider>
  );
  return userEvent.setup();
}

describe('the questionnaire form', () => {
  it('steps through its pages: Next stays until the required answer is given, Back returns', async () => {
    const onSubmit = vi.fn();
    const user = renderForm(onSubmit);
    expect(screen.getByRole('button', { name: 'Back' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByLabelText(/Preferred name/)).toBeInTheDocument();
    expect(screen.getByText(REQUIRED_ANSWER)).toBeInTheDocument();

    await user.type(screen.getByLabelText(/Preferred name/), 'Sam');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Do you smoke?')).toBeInTheDocument();
    expect(screen.queryByLabelText(/Preferred name/)).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByLabelText(/Preferred name/)).toHaveValue('Sam');
  });

  it('ties each missing answer to its field: a screen reader hears the error with the field', async () => {
    const required: Questionnaire = {
      resourceType: 'Questionnaire',
      status: 'active',
      item: [
        { linkId: 'name', type: 'string', text: 'Preferred name', required: true },
        { linkId: 'weight', type: 'decimal', text: 'Weight', required: true },
        {
          linkId: 'mood',
          type: 'choice',
          text: 'Mood',
          required: true,
          answerOption: [{ valueString: 'Good' }, { valueString: 'Low' }],
        },
      ],
    };
    const user = renderForm(vi.fn(), required);
    const name = screen.getByRole('textbox', { name: /Preferred name/ });
    expect(name).not.toHaveAttribute('aria-invalid');
    expect(name).not.toHaveAccessibleDescription();

    await user.click(screen.getByRole('button', { name: 'Submit' }));

    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveAccessibleDescription(REQUIRED_ANSWER);
    expect(screen.getByRole('textbox', { name: /Weight/ })).toHaveAccessibleDescription(REQUIRED_ANSWER);
    expect(screen.getByRole('radiogroup', { name: /Mood/ })).toHaveAccessibleDescription(REQUIRED_ANSWER);

    // Answered, the field is no longer described by the error.
    await user.type(name, 'Sam');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(name).not.toHaveAttribute('aria-invalid');
    expect(name).not.toHaveAccessibleDescription();
  });

  it('shows a question when its condition holds, and submits only what is shown', async () => {
    const onSubmit = vi.fn();
    const user = renderForm(onSubmit);
    await user.type(screen.getByLabelText(/Preferred name/), 'Sam');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.queryByLabelText(/Packs a day/)).not.toBeInTheDocument();

    await user.click(await screen.findByRole('radio', { name: 'Yes' }));
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(screen.getByText(REQUIRED_ANSWER)).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();

    await user.type(screen.getByLabelText(/Packs a day/), '1.5');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    const response = buildResponse(intake, onSubmit.mock.calls[0]?.[0] as Answers, {
      status: 'completed',
      authored: '2024-05-01T10:00:00Z',
    });
    const habits = response.item?.find((item) => item.linkId === 'habits');
    expect(habits?.item?.map((item) => [item.linkId, item.answer])).toEqual([
      ['smoker', [{ valueCoding: { code: 'y', display: 'Yes' } }]],
      ['packs', [{ valueDecimal: 1.5 }]],
      ['diet', [{ valueString: 'Omnivore' }]],
    ]);
    expect(response.item?.[0]?.item).toEqual([
      { linkId: 'name', text: 'Preferred name', answer: [{ valueString: 'Sam' }] },
    ]);
  });

  it("offers a choice without options as a disabled 'No Answers Defined', and a drop-down as a select", async () => {
    const user = renderForm(vi.fn());
    await user.type(screen.getByLabelText(/Preferred name/), 'Sam');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    const clinic = await screen.findByPlaceholderText(NO_ANSWERS_DEFINED);
    expect(clinic).toBeDisabled();
    expect(clinic).toHaveAccessibleName('Favourite clinic');
    const diet = screen.getByDisplayValue('Omnivore');
    expect(diet).toHaveAccessibleName('Diet');
    await user.click(diet);
    // The drop-down is drawn through a transition that jsdom does not run: its options stay hidden.
    await user.click(await screen.findByRole('option', { name: 'Vegetarian', hidden: true }));
    expect(screen.getByDisplayValue('Vegetarian')).toHaveAccessibleName('Diet');
  });

  it('gives each item type its FHIR answer', async () => {
    const types: Questionnaire = {
      resourceType: 'Questionnaire',
      status: 'active',
      item: [
        { linkId: 'string', type: 'string', text: 'String' },
        { linkId: 'text', type: 'text', text: 'Text' },
        { linkId: 'url', type: 'url', text: 'Url' },
        { linkId: 'date', type: 'date', text: 'Date' },
        { linkId: 'time', type: 'time', text: 'Time' },
        { linkId: 'dateTime', type: 'dateTime', text: 'Date time' },
        { linkId: 'integer', type: 'integer', text: 'Integer' },
        {
          linkId: 'quantity',
          type: 'quantity',
          text: 'Quantity',
          initial: [{ valueQuantity: { unit: 'kg' } }],
        },
        { linkId: 'boolean', type: 'boolean', text: 'Boolean' },
        { linkId: 'open', type: 'open-choice', text: 'Open', answerOption: [{ valueString: 'listed' }] },
        { linkId: 'repeats', type: 'string', text: 'Repeats', repeats: true },
      ],
    };
    const onSubmit = vi.fn();
    render(
      <MantineProvider>
        <QuestionnaireForm questionnaire={types} onSubmit={onSubmit} />
      </MantineProvider>
    );
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('String'), 'one');
    await user.type(screen.getByLabelText('Text'), 'two');
    await user.type(screen.getByLabelText('Url'), 'https://example.org');
    fireEvent.change(screen.getByLabelText('Date'), { target: { value: '2024-05-01' } });
    fireEvent.change(screen.getByLabelText('Time'), { target: { value: '09:30' } });
    fireEvent.change(screen.getByLabelText('Date time'), { target: { value: '2024-05-01T09:30' } });
    await user.type(screen.getByLabelText('Integer'), '7');
    await user.type(screen.getByLabelText('Quantity'), '72.5');
    await user.click(screen.getByLabelText('Boolean'));
    // The suggestion list is labelled by the field too: type into the input itself.
    const open = screen.getAllByLabelText('Open').find((element) => element.tagName === 'INPUT');
    await user.type(open as HTMLElement, 'not listed');
    await user.type(screen.getByLabelText('Repeats'), 'first');
    await user.click(screen.getByRole('button', { name: 'Add another' }));
    await user.type(screen.getAllByRole('textbox').at(-1) as HTMLElement, 'second');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(onSubmit).toHaveBeenCalledWith({
      string: [{ valueString: 'one' }],
      text: [{ valueString: 'two' }],
      url: [{ valueUri: 'https://example.org' }],
      date: [{ valueDate: '2024-05-01' }],
      time: [{ valueTime: '09:30:00' }],
      dateTime: [{ valueDateTime: '2024-05-01T09:30:00.000Z' }],
      integer: [{ valueInteger: 7 }],
      quantity: [{ valueQuantity: { unit: 'kg', value: 72.5 } }],
      boolean: [{ valueBoolean: true }],
      open: [{ valueString: 'not listed' }],
      repeats: [{ valueString: 'first' }, { valueString: 'second' }],
    });
  });
});

/** A display item shown while its conditions hold (any of them, or all). */
const shownWhen = (
  linkId: string,
  enableWhen: QuestionnaireItemEnableWhen[],
  enableBehavior: 'any' | 'all' = 'any'
): QuestionnaireItem => ({ linkId, type: 'display', text: `Shown: ${linkId}`, enableWhen, enableBehavior });

const age = (operator: QuestionnaireItemEnableWhen['operator'], answerInteger: number) => ({
  question: 'age',
  operator,
  answerInteger,
});
const pregnant: QuestionnaireItemEnableWhen = { question: 'pregnant', operator: '=', answerBoolean: true };

/** Questions shown by each enableWhen operator, and by enableBehavior any and all. */
const asked = (...questions: [string, QuestionnaireItem['type'], string][]): QuestionnaireItem[] =>
  questions.map(([linkId, type, text]) => ({ linkId, type, text }));

const conditions: Questionnaire = {
  resourceType: 'Questionnaire',
  status: 'active',
  item: [
    ...asked(['age', 'integer', 'Age'], ['pregnant', 'boolean', 'Pregnant'], ['note', 'string', 'Note']),
    shownWhen('adult', [age('>=', 18)]),
    shownWhen('over-65', [age('>', 65)]),
    shownWhen('child', [age('<', 18)]),
    shownWhen('up-to-12', [age('<=', 12)]),
    shownWhen('exactly-40', [age('=', 40)]),
    shownWhen('not-40', [age('!=', 40)]),
    shownWhen('no note', [{ question: 'note', operator: 'exists', answerBoolean: false }]),
    shownWhen('adult and pregnant', [age('>=', 18), pregnant], 'all'),
    shownWhen('child or pregnant', [age('<', 18), pregnant], 'any'),
  ],
};

describe('enableWhen in the form', () => {
  const shown = () =>
    screen
      .queryAllByText(/^Shown: /)
      .map((element) => element.textContent?.replace('Shown: ', ''))
      .sort();

  it('each operator and enableBehavior any / all show and hide questions as answers change', async () => {
    const user = renderForm(vi.fn(), conditions);
    // Unanswered: only 'exists false' holds; '!=' needs an answer to differ from.
    expect(shown()).toEqual(['no note']);

    const age = screen.getByLabelText('Age');
    await user.type(age, '40');
    expect(shown()).toEqual(['adult', 'exactly-40', 'no note']);

    await user.clear(age);
    await user.type(age, '70');
    expect(shown()).toEqual(['adult', 'no note', 'not-40', 'over-65']);

    await user.click(screen.getByRole('checkbox', { name: 'Pregnant' }));
    expect(shown()).toEqual([
      'adult',
      'adult and pregnant',
      'child or pregnant',
      'no note',
      'not-40',
      'over-65',
    ]);

    await user.clear(age);
    await user.type(age, '9');
    await user.click(screen.getByRole('checkbox', { name: 'Pregnant' }));
    await user.type(screen.getByLabelText('Note'), 'x');
    expect(shown()).toEqual(['child', 'child or pregnant', 'not-40', 'up-to-12']);
  });

  it("shows the server's words when a reference item's search is refused", async () => {
    const pick: Questionnaire = {
      resourceType: 'Questionnaire',
      status: 'active',
      item: [{ linkId: 'gp', type: 'reference', text: 'Practitioner' }],
    };
    render(
      <MantineProvider>
        <QuestionnaireForm
          questionnaire={pick}
          sources={{ searchReferences: () => Promise.reject(new Error('Unknown search parameter: colour')) }}
          onSubmit={vi.fn()}
        />
      </MantineProvider>
    );
    expect(await screen.findByText('Unknown search parameter: colour')).toBeInTheDocument();
  });
});

describe('items drawn with the input kit', () => {
  const items: Questionnaire = {
    resourceType: 'Questionnaire',
    status: 'active',
    item: asked(['scan', 'attachment', 'Scan'], ['seen', 'dateTime', 'Seen'], ['since', 'dateTime', 'Since']),
  };

  it('refuses a file over 5 MB, as the resource form does, and gives no answer', async () => {
    const onSubmit = vi.fn();
    const user = renderForm(onSubmit, items);
    const big = new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'scan.pdf', { type: 'application/pdf' });
    await user.upload(screen.getByLabelText('Scan file'), big);
    expect(await screen.findByRole('alert')).toHaveTextContent('scan.pdf is larger than 5 MB');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(onSubmit).toHaveBeenCalledWith({});
  });

  it('shows a date-time to the second, and a partial one as the start of its period, as the resource form does', () => {
    render(
      <MantineProvider>
        <QuestionnaireForm
          questionnaire={items}
          response={{
            resourceType: 'QuestionnaireResponse',
            status: 'in-progress',
            item: [
              { linkId: 'seen', answer: [{ valueDateTime: '2024-03-02T07:30:05Z' }] },
              { linkId: 'since', answer: [{ valueDateTime: '2024-03' }] },
            ],
          }}
          onSubmit={vi.fn()}
        />
      </MantineProvider>
    );
    // Tests run in UTC.
    // jsdom writes the milliseconds a browser leaves out.
    expect((screen.getByLabelText('Seen') as HTMLInputElement).value).toMatch(/^2024-03-02T07:30:05/);
    expect(screen.getByLabelText('Since')).toHaveValue('2024-03-01T00:00');
  });
});

describe('number answers are read strictly', () => {
  const numbers: Questionnaire = {
    resourceType: 'Questionnaire',
    status: 'active',
    item: [
      { linkId: 'weight', type: 'decimal', text: 'Weight' },
      { linkId: 'count', type: 'integer', text: 'Count' },
    ],
  };

  it.each([
    ['Weight', '12.5.3', 'Not a number'],
    ['Weight', '1e400', 'Too large a number'],
    ['Weight', '1,5', 'Use a point for decimals (1.5), not a comma'],
    ['Count', '2.5', 'Must be a whole number'],
  ])(
    '%s %s: the error shows where it was typed, the text stays, and Submit does nothing',
    async (label, typed, error) => {
      const onSubmit = vi.fn();
      const user = renderForm(onSubmit, numbers);
      await user.type(screen.getByLabelText(label), typed);
      expect(screen.getByLabelText(label)).toHaveValue(typed);
      expect(screen.getByText(error)).toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Submit' }));
      expect(onSubmit).not.toHaveBeenCalled();
      await user.clear(screen.getByLabelText(label));
      await user.type(screen.getByLabelText(label), '12');
      await user.click(screen.getByRole('button', { name: 'Submit' }));
      expect(onSubmit).toHaveBeenCalledOnce();
    }
  );
});
