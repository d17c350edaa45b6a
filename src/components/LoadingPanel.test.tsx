import { screen } from '@testing-library/react';
import { LoadingPanel } from './LoadingPanel';
import { renderWithTheme } from './testing/renderWithTheme';

const buttons = <button type="button">Export</button>;

describe('LoadingPanel', () => {
  it('shows title, header buttons and content when loaded', () => {
    renderWithTheme(
      <LoadingPanel isLoading={false} title="Domains" headerButtons={buttons}>
        <p>table</p>
      </LoadingPanel>,
    );
    expect(screen.getByRole('heading', { name: 'Domains' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export' })).toBeInTheDocument();
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.getByText('table').parentElement).toHaveAttribute('aria-busy', 'false');
  });

  it('while loading shows an overlay with a spinner over the content and hides header buttons', () => {
    renderWithTheme(
      <LoadingPanel isLoading title="Domains" headerButtons={buttons}>
        <p>table</p>
      </LoadingPanel>,
    );
    expect(screen.getByRole('heading', { name: 'Domains' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Export' })).toBeNull();
    expect(screen.getByRole('status', { name: 'Loading content' })).toBeInTheDocument();
    expect(screen.getByTestId('loading-panel-overlay')).toHaveStyle({ position: 'absolute' });
    expect(screen.getByText('table').parentElement).toHaveAttribute('aria-busy', 'true');
  });
});
