import { MantineProvider } from '@mantine/core';
import type { Questionnaire } from '@medplum/fhirtypes';
import { render, screen } from '@testing-library/react';
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

function renderForm(onSubmit: (answers: Answers) => void) {
  render(
    <MantineProvider>
      <QuestionnaireForm questionnaire={intake} onSubmit={onSubmit} />
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
});
