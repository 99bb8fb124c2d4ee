import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FileInput } from './file-input';

function Picker() {
  const [names, setNames] = useState<string[]>([]);
  return (
    <>
      <label htmlFor="photos">Photos of the work</label>
      <FileInput
        id="photos"
        multiple
        buttonLabel="Choose files"
        chosen={names.join(', ') || undefined}
        onChange={(event) => setNames([...(event.target.files ?? [])].map((file) => file.name))}
      />
    </>
  );
}

describe('FileInput', () => {
  it('is the labelled file field, drawn as a button, and shows what was chosen in its own words', async () => {
    render(<Picker />);
    const input = screen.getByLabelText('Photos of the work');
    expect(input).toHaveAttribute('type', 'file');
    expect(screen.getByText('Choose files')).toHaveClass('ui-button');
    await userEvent.upload(input, [new File(['a'], 'wall.jpg', { type: 'image/jpeg' }), new File(['b'], 'roof.jpg', { type: 'image/jpeg' })]);
    expect(screen.getByText('wall.jpg, roof.jpg')).toBeInTheDocument();
  });

  it('opens the picker on Enter, as on Space', async () => {
    render(<Picker />);
    const input = screen.getByLabelText('Photos of the work');
    const opened = jest.spyOn(HTMLInputElement.prototype, 'click');
    input.focus();
    await userEvent.keyboard('{Enter}');
    expect(opened).toHaveBeenCalledTimes(1);
    opened.mockRestore();
  });
});
