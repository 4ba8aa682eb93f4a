import { Button } from '@chakra-ui/react';
import { act, fireEvent, screen } from '@testing-library/react';
import { renderWithProviders } from '../test/render';
import { loadTooltips, Tooltip } from './tooltip';

// Its own file: the tooltips' code loads once per page, here once per test file.
describe('Tooltip loaded during a press', () => {
  it('keeps the pressed control until the press ends, so the click lands on it', async () => {
    const onClick = jest.fn();
    await renderWithProviders(
      <Tooltip label="Open menu">
        <Button aria-label="Open menu" onClick={onClick}>
          ≡
        </Button>
      </Tooltip>,
    );
    const pressed = screen.getByRole('button', { name: 'Open menu' });

    // The code arrives between the mouse's press and its release.
    fireEvent.pointerDown(pressed, { pointerId: 1 });
    let loaded = false;
    const loading = loadTooltips().then(() => (loaded = true));
    await act(() => import('./tooltip-machinery'));
    expect(loaded).toBe(false);
    expect(screen.getByRole('button', { name: 'Open menu' })).toBe(pressed);

    fireEvent.pointerUp(pressed, { pointerId: 1 });
    fireEvent.click(pressed);
    await act(() => loading);

    expect(onClick).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Open menu' })).toHaveAttribute('data-state', 'closed');
  });
});
