import { validateResource } from '@medplum/core';
import { screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { indexFormSchemas } from './testing/form-schemas';
import { renderField } from './testing/render-field';

beforeAll(() => indexFormSchemas());

const definition = { resourceType: 'ActivityDefinition', status: 'draft' } as const;

describe('the Timing dialog', () => {
  it('sets the start, a weekly repeat on chosen days, and falls back to every 1 for an invalid period', async () => {
    const f = renderField(definition, 'timing[x]');
    expect(screen.getByText('No timing')).toBeInTheDocument();
    await f.user.click(screen.getByRole('button', { name: 'Edit Timing' }));
    const dialog = screen.getByRole('dialog', { name: 'Timing' });
    await f.retype(screen.getByLabelText('Starts on'), '2024-03-04T09:30');
    expect(screen.queryByLabelText('Repeat every')).not.toBeInTheDocument();
    await f.user.click(screen.getByLabelText('Repeat'));
    await f.retype(screen.getByLabelText('Repeat every'), '0');
    expect(screen.queryByRole('checkbox', { name: 'Mon' })).not.toBeInTheDocument();
    await f.user.selectOptions(screen.getByRole('combobox', { name: 'Repeat unit' }), 'weeks');
    await f.user.click(screen.getByRole('checkbox', { name: 'Mon' }));
    await f.user.click(screen.getByRole('checkbox', { name: 'Wed' }));
    await f.user.click(screen.getByRole('button', { name: 'OK' }));
    expect(dialog).not.toBeInTheDocument();
    const edited = f.edited();
    expect(edited).toEqual({
      ...definition,
      timingTiming: {
        event: ['2024-03-04T09:30:00.000Z'],
        repeat: { period: 1, periodUnit: 'wk', dayOfWeek: ['mon', 'wed'] },
      },
    });
    expect(() => validateResource(edited)).not.toThrow();
    expect(screen.getByText('Weekly on Mon, Wed 2024-03-04 09:30')).toBeInTheDocument();
  });

  it('opens with the held timing and keeps what it does not edit', async () => {
    const timingTiming = { code: { text: 'BID' }, repeat: { period: 3, periodUnit: 'h' as const, count: 5 } };
    const f = renderField({ ...definition, timingTiming }, 'timing[x]');
    await f.user.click(screen.getByRole('button', { name: 'Edit Timing' }));
    expect(screen.getByLabelText('Repeat')).toBeChecked();
    expect(screen.getByLabelText('Repeat every')).toHaveValue(3);
    expect(screen.getByRole('combobox', { name: 'Repeat unit' })).toHaveValue('h');
    await f.retype(screen.getByLabelText('Repeat every'), '4');
    await f.user.click(screen.getByRole('button', { name: 'OK' }));
    expect(f.edited()).toMatchObject({
      timingTiming: { code: { text: 'BID' }, repeat: { period: 4, periodUnit: 'h', count: 5 } },
    });
  });
});
