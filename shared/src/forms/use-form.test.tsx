import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nProvider } from '@lingui/react';
import { i18n } from '@lingui/core';
import * as v from 'valibot';
import { ApiError } from '../api/api-error';
import { moneyText } from '../schemas/money-text';
import { Field } from './form-field';
import { shiftRows, useForm } from './use-form';

const user = userEvent.setup();

interface Line {
  label: string;
  amount: string;
}

type Values = { note: string; urgent: boolean; tags: string[]; lines: Line[] };

const schema = v.object({
  note: v.pipe(v.string(), v.nonEmpty('Write a note.')),
  urgent: v.boolean(),
  tags: v.array(v.string()),
  lines: v.array(v.object({ label: v.pipe(v.string(), v.nonEmpty('Name the line.')), amount: moneyText('EUR', 'fr') })),
});

type Output = v.InferOutput<typeof schema>;

function SplitForm({ send }: { send: (output: Output) => Promise<void> }) {
  const form = useForm<Values, Output>({
    initialValues: { note: '', urgent: false, tags: ['a'], lines: [{ label: '', amount: '' }] },
    schema,
  });
  const lines = form.list('lines');
  return (
    <form ref={form.formRef} noValidate onSubmit={form.handleSubmit(send)}>
      <Field label="Note" errors={form.field('note').errors}>
        {(control) => <input {...control} value={form.field('note').value} onChange={(e) => form.field('note').onChange(e.target.value)} />}
      </Field>
      <label>
        <input type="checkbox" checked={form.values.urgent} onChange={(e) => form.setValue('urgent', e.target.checked)} />
        Urgent
      </label>
      <ol>
        {lines.rows.map((row) => (
          <li key={row.key}>
            {(['label', 'amount'] as const).map((name) => {
              const binding = lines.field(row.index, name);
              return (
                <Field key={name} label={`Line ${row.index + 1} ${name}`} errors={binding.errors}>
                  {(control) => (
                    <input {...control} value={binding.value} onChange={(e) => binding.onChange(e.target.value)} onBlur={binding.onBlur} />
                  )}
                </Field>
              );
            })}
            <button type="button" onClick={() => lines.remove(row.index)}>{`Remove line ${row.index + 1}`}</button>
          </li>
        ))}
      </ol>
      <button type="button" onClick={() => lines.add({ label: '', amount: '' })}>
        Add a line
      </button>
      <button type="submit" disabled={form.submitting}>
        Send
      </button>
    </form>
  );
}

function renderForm(send: (output: Output) => Promise<void> = async () => undefined) {
  i18n.load('fr', {});
  i18n.activate('fr');
  render(
    <I18nProvider i18n={i18n}>
      <SplitForm send={send} />
    </I18nProvider>,
  );
}

const rows = () => screen.getAllByRole('listitem');

describe('useForm with typed values', () => {
  it('sends booleans, string lists and rows, amounts read as minor units by the money parser', async () => {
    const send = jest.fn(async () => undefined);
    renderForm(send);
    await user.type(screen.getByLabelText('Note'), 'Split');
    await user.click(screen.getByLabelText('Urgent'));
    await user.type(screen.getByLabelText('Line 1 label'), 'Tiles');
    await user.type(screen.getByLabelText('Line 1 amount'), '1 500,50');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(send).toHaveBeenCalledWith({ note: 'Split', urgent: true, tags: ['a'], lines: [{ label: 'Tiles', amount: 150_050 }] });
  });

  it('puts a row field’s message on its own row and focuses it', async () => {
    const send = jest.fn(async () => undefined);
    renderForm(send);
    await user.type(screen.getByLabelText('Note'), 'Split');
    await user.click(screen.getByRole('button', { name: 'Add a line' }));
    await user.type(screen.getByLabelText('Line 1 label'), 'Tiles');
    await user.type(screen.getByLabelText('Line 1 amount'), '10');
    await user.type(screen.getByLabelText('Line 2 label'), 'Paint');
    await user.type(screen.getByLabelText('Line 2 amount'), '1e3');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(screen.getByLabelText('Line 2 amount')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Line 2 amount')).toHaveFocus();
    expect(screen.getByLabelText('Line 1 amount')).toHaveAttribute('aria-invalid', 'false');
    expect(send).not.toHaveBeenCalled();
  });

  it('moves the messages of later rows up when a row is removed, and drops the removed row’s', async () => {
    renderForm();
    await user.click(screen.getByRole('button', { name: 'Add a line' }));
    await user.click(screen.getByRole('button', { name: 'Add a line' }));
    await user.type(screen.getByLabelText('Line 2 label'), 'Paint');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    // Rows 1 and 3 lack a label, row 2 has one.
    expect(screen.getByLabelText('Line 1 label')).toHaveAccessibleDescription('Name the line.');
    expect(screen.getByLabelText('Line 2 label')).toHaveAttribute('aria-invalid', 'false');
    expect(screen.getByLabelText('Line 3 label')).toHaveAccessibleDescription('Name the line.');

    await user.click(within(rows()[0]!).getByRole('button', { name: 'Remove line 1' }));
    expect(rows()).toHaveLength(2);
    // Paint moved up with no message; the third row's message moved with it.
    expect(screen.getByLabelText('Line 1 label')).toHaveValue('Paint');
    expect(screen.getByLabelText('Line 1 label')).toHaveAttribute('aria-invalid', 'false');
    expect(screen.getByLabelText('Line 2 label')).toHaveAccessibleDescription('Name the line.');
  });

  it('clears a row field’s message as soon as its value is fixed', async () => {
    renderForm();
    await user.type(screen.getByLabelText('Line 1 amount'), '1,555');
    await user.tab();
    expect(screen.getByLabelText('Line 1 amount')).toHaveAttribute('aria-invalid', 'true');
    await user.type(screen.getByLabelText('Line 1 amount'), '{Backspace}');
    expect(screen.getByLabelText('Line 1 amount')).toHaveAttribute('aria-invalid', 'false');
  });

  it('maps a 422 answer onto the row field it names, until that value changes', async () => {
    const send = jest.fn(async () => {
      throw new ApiError('http', 422, 'Invalid', { 'lines.1.amount': ['More than is held.'] });
    });
    renderForm(send);
    await user.type(screen.getByLabelText('Note'), 'Split');
    await user.click(screen.getByRole('button', { name: 'Add a line' }));
    for (const index of [1, 2]) {
      await user.type(screen.getByLabelText(`Line ${index} label`), `Line ${index}`);
      await user.type(screen.getByLabelText(`Line ${index} amount`), '10');
    }
    await user.click(screen.getByRole('button', { name: 'Send' }));
    const second = screen.getByLabelText('Line 2 amount');
    expect(second).toHaveAccessibleDescription('More than is held.');
    expect(second).toHaveFocus();
    expect(screen.getByLabelText('Line 1 amount')).toHaveAttribute('aria-invalid', 'false');
    await user.type(second, '0');
    expect(second).toHaveAttribute('aria-invalid', 'false');
  });
});

describe('shiftRows', () => {
  it('drops the removed row’s paths and renumbers the later ones', () => {
    const shifted = shiftRows(
      [
        ['note', 1],
        ['lines', 2],
        ['lines.0.amount', 3],
        ['lines.1.amount', 4],
        ['lines.2.label', 5],
      ],
      'lines',
      1,
    );
    expect(shifted).toEqual([
      ['note', 1],
      ['lines', 2],
      ['lines.0.amount', 3],
      ['lines.1.label', 5],
    ]);
  });
});
