import type { Resource } from '@medplum/fhirtypes';
import { screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { indexFormSchemas } from './testing/form-schemas';
import { inField, renderField } from './testing/render-field';

beforeAll(() => indexFormSchemas());

const observation = { resourceType: 'Observation', status: 'final', code: { text: 'Test' } } as const;

describe('numbers are read strictly: what is not a number shows an error where it was typed', () => {
  const decimal = () => inField('Observation.valueQuantity.value').getByLabelText('Value');
  it.each([
    ['12.5.3', 'Not a number'],
    ['1e400', 'Too large a number'],
    ['1,5', 'Use a point for decimals (1.5), not a comma'],
    ['12abc', 'Not a number'],
    ['--1', 'Not a number'],
  ])('decimal %s: %s, the text kept, no value held', async (typed, error) => {
    const f = renderField({ ...observation, valueQuantity: { value: 1.5, unit: 'mg' } }, 'value[x]');
    await f.retype(decimal(), typed);
    expect(decimal()).toHaveValue(typed);
    expect(decimal()).toHaveAttribute('aria-invalid', 'true');
    expect(inField('Observation.valueQuantity.value').getByRole('alert')).toHaveTextContent(error);
    expect((f.edited() as { valueQuantity?: { value?: number } }).valueQuantity?.value).toBeUndefined();
  });

  it.each([
    ['1e3', 1000],
    ['-0.25', -0.25],
    ['.5', 0.5],
  ])('decimal %s is %d', async (typed, value) => {
    const f = renderField({ ...observation, valueQuantity: { value: 1.5 } }, 'value[x]');
    await f.retype(decimal(), typed);
    expect(inField('Observation.valueQuantity.value').queryByRole('alert')).toBeNull();
    expect(f.edited()).toMatchObject({ valueQuantity: { value } });
  });

  it.each([
    ['integer', { ...observation, valueInteger: 3 }, 'value[x]', 'Value', '2.5', 'Must be a whole number'],
    [
      'positiveInt',
      {
        resourceType: 'Appointment',
        status: 'proposed',
        participant: [{ status: 'needs-action', actor: { reference: 'Patient/p1' } }],
        minutesDuration: 30,
      },
      'minutesDuration',
      'Minutes Duration',
      '0',
      'Must be at least 1',
    ],
  ] as const)('%s refuses %s', async (_type, resource, element, label, typed, error) => {
    const f = renderField(resource as Resource, element);
    await f.retype(screen.getByLabelText(label), typed);
    expect(screen.getByLabelText(label)).toHaveValue(typed);
    expect(screen.getByRole('alert')).toHaveTextContent(error);
  });
});
