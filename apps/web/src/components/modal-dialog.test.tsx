import { useState } from 'react';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ModalDialog } from './modal-dialog';

function Page({ busy = false, onClose = () => undefined }: { busy?: boolean; onClose?: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Rename
      </button>
      {open && (
        <ModalDialog
          title="Rename the genre"
          busy={busy}
          onClose={() => {
            onClose();
            setOpen(false);
          }}
        >
          <label htmlFor="name">Name</label>
          <input id="name" />
          <button type="button" disabled>
            Unavailable
          </button>
          <button type="submit">Save</button>
        </ModalDialog>
      )}
    </>
  );
}

describe('ModalDialog', () => {
  it('takes focus into its first field, keeps Tab inside, closes on Escape and gives focus back', async () => {
    const user = userEvent.setup();
    render(<Page />);
    const opener = screen.getByRole('button', { name: 'Rename' });
    await user.click(opener);

    const dialog = screen.getByRole('dialog', { name: 'Rename the genre' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    const name = within(dialog).getByRole('textbox', { name: 'Name' });
    const save = within(dialog).getByRole('button', { name: 'Save' });
    expect(name).toHaveFocus();
    await user.tab({ shift: true });
    expect(save).toHaveFocus();
    await user.tab();
    expect(name).toHaveFocus();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it('stays open on Escape while it is busy', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    render(<Page busy onClose={onClose} />);
    await user.click(screen.getByRole('button', { name: 'Rename' }));

    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'Rename the genre' })).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
  });
});
