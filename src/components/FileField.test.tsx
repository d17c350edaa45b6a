import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import i18n from '../i18n';
import { carrierTheme } from '../theme/themes';
import { FileField } from './FileField';
import { renderWithTheme } from './testing/renderWithTheme';

function Harness({ multiple, error }: { multiple?: boolean; error?: string }) {
  const [names, setNames] = useState<string[]>([]);
  return (
    <>
      <button type="button">Before</button>
      <FileField
        label="Zone file"
        hint="BIND format"
        error={error}
        multiple={multiple}
        chosen={names}
        onFiles={(files) => setNames(files.map((f) => f.name))}
      />
    </>
  );
}

const file = (name: string) => new File(['x'], name, { type: 'text/plain' });
const native = () => screen.getByLabelText('Zone file', { selector: 'input' }) as HTMLInputElement;

describe('FileField', () => {
  afterEach(async () => {
    await act(() => i18n.changeLanguage('en'));
  });

  it('names its button with the field and says no file is chosen, in English', () => {
    renderWithTheme(<Harness />);
    const button = screen.getByRole('button', { name: 'Zone file Choose file' });
    expect(button).toHaveAccessibleDescription('No file chosen BIND format');
    expect(native()).toHaveAttribute('tabindex', '-1');
  });

  it('says it in Portuguese on a Portuguese page, with the chosen names', async () => {
    await act(() => i18n.changeLanguage('pt'));
    renderWithTheme(<Harness multiple />, carrierTheme);
    const button = screen.getByRole('button', { name: 'Zone file Escolher arquivos' });
    expect(button).toHaveAccessibleDescription('Nenhum arquivo escolhido BIND format');
    await userEvent.upload(native(), [file('a.zone'), file('b.zone')]);
    expect(button).toHaveAccessibleDescription('2 arquivos escolhidos BIND format');
    await userEvent.upload(native(), [file('c.zone')]);
    expect(button).toHaveAccessibleDescription('c.zone BIND format');
  });

  it('is reached by Tab on its button, and Enter or Space opens the picker', async () => {
    const user = userEvent.setup();
    renderWithTheme(<Harness />);
    const opened: string[] = [];
    native().addEventListener('click', () => opened.push('picker'));
    await user.click(screen.getByRole('button', { name: 'Before' }));
    await user.tab();
    expect(screen.getByRole('button', { name: 'Zone file Choose file' })).toHaveFocus();
    await user.keyboard('{Enter}');
    await user.keyboard(' ');
    expect(opened).toEqual(['picker', 'picker']);
    await user.tab();
    expect(document.body).toHaveFocus();
  });

  it('ties its error to the button and marks the input invalid', () => {
    renderWithTheme(<Harness error="Not a zone file." />);
    expect(screen.getByRole('button', { name: 'Zone file Choose file' })).toHaveAccessibleDescription(
      'No file chosen BIND format Not a zone file.',
    );
    expect(native()).toHaveAttribute('aria-invalid', 'true');
  });
});
