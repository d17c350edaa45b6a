import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { Modal } from './Modal';
import { renderWithTheme } from './testing/renderWithTheme';

function Harness({ width, initiallyOpen = true }: { width?: number; initiallyOpen?: boolean }) {
  const [open, setOpen] = useState(initiallyOpen);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        open
      </button>
      <Modal
        isOpen={open}
        onClose={() => setOpen(false)}
        title="Edit sender"
        width={width}
        footer={<button>Save</button>}
      >
        <input aria-label="Name" />
      </Modal>
    </>
  );
}

describe('Modal', () => {
  afterEach(() => {
    document.body.style.overflow = '';
  });

  it('is a labelled modal dialog, 500px wide by default with 90% max width, over a 1299 overlay', () => {
    renderWithTheme(<Harness />);
    const dialog = screen.getByRole('dialog', { name: 'Edit sender' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveStyle({ width: '500px', maxWidth: '90%' });
    expect(screen.getByTestId('modal-overlay')).toHaveStyle({ zIndex: '1299', position: 'fixed' });
    expect(screen.getByRole('button', { name: 'Save' })).toBeInTheDocument();
  });

  it('takes another width', () => {
    renderWithTheme(<Harness width={800} />);
    expect(screen.getByRole('dialog')).toHaveStyle({ width: '800px' });
  });

  it('renders in a portal on document.body', () => {
    const { container } = renderWithTheme(<Harness />);
    expect(container.querySelector('[role="dialog"]')).toBeNull();
    expect(document.body.querySelector('[role="dialog"]')).not.toBeNull();
  });

  it('locks page scrolling while open and restores it on close', async () => {
    document.body.style.overflow = 'scroll';
    renderWithTheme(<Harness />);
    expect(document.body.style.overflow).toBe('hidden');
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.body.style.overflow).toBe('scroll');
  });

  it('closes on Escape and on an overlay click, and moves focus into the dialog', async () => {
    renderWithTheme(<Harness initiallyOpen={false} />);
    const opener = screen.getByRole('button', { name: 'open' });
    await userEvent.click(opener);
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(opener).toHaveFocus();
    await userEvent.click(opener);
    await userEvent.click(screen.getByTestId('modal-overlay'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('does not close when clicking inside the dialog, and keeps Tab inside it', async () => {
    renderWithTheme(<Harness />);
    await userEvent.click(screen.getByRole('textbox', { name: 'Name' }));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    screen.getByRole('button', { name: 'Save' }).focus();
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus();
    await userEvent.tab({ shift: true });
    expect(screen.getByRole('button', { name: 'Save' })).toHaveFocus();
  });
});
