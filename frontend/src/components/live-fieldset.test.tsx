import { act, screen } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { renderWithProviders } from '../test/render';
import { AppProviders } from '../app/providers';
import { whileHydrating, whileServerRendering } from '../lib/hydration';
import { LiveFieldset } from './live-fieldset';

const form = (
  <form>
    <LiveFieldset>
      <input aria-label="Email" />
      <button type="submit">Subscribe</button>
    </LiveFieldset>
  </form>
);

describe('LiveFieldset', () => {
  it('is disabled in the server-rendered HTML, so nothing is typed or sent before the page is live', () => {
    const container = document.createElement('div');
    container.innerHTML = whileServerRendering(() => renderToString(<AppProviders>{form}</AppProviders>));

    expect(container.querySelector('fieldset')).toBeDisabled();
    expect(container.querySelector('button')).toBeDisabled();
  });

  it('enables its controls once the app has adopted that HTML', async () => {
    const container = document.createElement('div');
    container.innerHTML = whileServerRendering(() => renderToString(<AppProviders>{form}</AppProviders>));
    document.body.append(container);

    await act(async () => {
      whileHydrating(() => hydrateRoot(container, <AppProviders>{form}</AppProviders>));
    });

    expect(container.querySelector('fieldset')).toBeEnabled();
    expect(container.querySelector('button')).toBeEnabled();
    container.remove();
  });

  it('is enabled at once when the app renders from scratch', async () => {
    await renderWithProviders(form);

    expect(screen.getByRole('button', { name: 'Subscribe' })).toBeEnabled();
    expect(screen.getByRole('textbox', { name: 'Email' })).toBeEnabled();
  });
});
