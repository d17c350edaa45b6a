import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from '../i18n';
import { BasicList } from './BasicList';
import { renderWithTheme } from './testing/renderWithTheme';

describe('BasicList', () => {
  afterEach(async () => {
    await act(() => i18n.changeLanguage('en'));
  });

  it("shows 'No selected items' when empty", () => {
    renderWithTheme(<BasicList items={[]} />);
    expect(screen.getByText('No selected items')).toBeInTheDocument();
    expect(screen.queryByRole('list')).toBeNull();
  });

  it("shows 'Nenhum item selecionado' in Portuguese", async () => {
    await act(() => i18n.changeLanguage('pt'));
    renderWithTheme(<BasicList items={[]} />);
    expect(screen.getByText('Nenhum item selecionado')).toBeInTheDocument();
  });

  it('lists items sorted case-insensitively, at most 200px high with scrolling', () => {
    renderWithTheme(
      <BasicList
        items={[
          { id: 1, label: 'zeta.example' },
          { id: 2, label: 'Alpha.example' },
          { id: 3, label: 'beta.example' },
        ]}
      />,
    );
    const list = screen.getByRole('list');
    expect(list).toHaveStyle({ maxHeight: '200px', overflowY: 'auto' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Alpha.example', 'beta.example', 'zeta.example']);
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('offers removal when onRemove is given', async () => {
    const onRemove = vi.fn();
    renderWithTheme(<BasicList items={[{ id: 'a', label: 'a.example' }]} onRemove={onRemove} />);
    await userEvent.click(screen.getByRole('button', { name: 'Remove a.example' }));
    expect(onRemove).toHaveBeenCalledWith('a');
  });
});
