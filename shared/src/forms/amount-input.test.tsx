import { useState } from 'react';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../testing';
import { AmountInput } from './amount-input';

function Field({ start = '' }: { start?: string }) {
  const [value, setValue] = useState(start);
  return (
    <>
      <label htmlFor="amount">Amount</label>
      <AmountInput id="amount" value={value} onChange={setValue} />
    </>
  );
}

describe('AmountInput', () => {
  it('groups thousands as they are typed, the English way', async () => {
    renderWithProviders(<Field />);
    const input = screen.getByRole('textbox', { name: 'Amount' });
    await userEvent.type(input, '3000000.5');
    expect(input).toHaveValue('3,000,000.5');
    expect(input).toHaveAttribute('inputmode', 'decimal');
  });

  it('groups with narrow no-break spaces in French, a comma being the decimal mark', async () => {
    renderWithProviders(<Field />, { locale: 'fr' });
    const input = screen.getByRole('textbox', { name: 'Amount' });
    await userEvent.type(input, '1250000,75');
    expect(input).toHaveValue('1\u202f250\u202f000,75');
  });

  it('keeps the caret after a digit typed in the middle', async () => {
    renderWithProviders(<Field start="1,234" />);
    const input = screen.getByRole<HTMLInputElement>('textbox', { name: 'Amount' });
    await userEvent.type(input, '9', { initialSelectionStart: 2, initialSelectionEnd: 2 });
    expect(input).toHaveValue('19,234');
    await userEvent.keyboard('8');
    expect(input).toHaveValue('198,234');
  });

  it('leaves a comma the user typed in English for the field to read or refuse', async () => {
    renderWithProviders(<Field />);
    const input = screen.getByRole('textbox', { name: 'Amount' });
    await userEvent.type(input, '1,5');
    expect(input).toHaveValue('1,5');
  });
});
