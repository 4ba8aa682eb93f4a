import { act, fireEvent, render, screen } from '@testing-library/react';
import * as React from 'react';
import { AppProviders } from '../app/providers';
import { changeLanguage } from '../lib/i18n';
import { Toaster, showToast } from './toaster';

// A file of its own: the region module is loaded at most once per module registry, and these
// tests are about the time before it has been.

const region = () => screen.queryByRole('region', { name: 'Notifications (F8)' });

async function settle() {
  for (let i = 0; i < 5; i += 1) await act(async () => {});
}

beforeEach(async () => {
  await changeLanguage('en');
});

describe('Toaster before the first toast', () => {
  it('renders no region and loads none until a toast is asked for; toasts asked for meanwhile show the newest', async () => {
    const { container } = render(
      <AppProviders>
        <Toaster />
      </AppProviders>,
    );
    await settle();
    expect(region()).toBeNull();
    expect(container).toBeEmptyDOMElement();

    act(() => {
      showToast({ type: 'info', title: 'Older' });
      showToast({ type: 'success', title: 'Newest' });
    });
    await settle();

    expect(region()).not.toBeNull();
    expect(screen.getByText('Newest')).toBeInTheDocument();
    expect(screen.queryByText('Older')).toBeNull();
  });

  it('once the region is on screen, a toast goes straight to it', async () => {
    render(
      <AppProviders>
        <Toaster />
      </AppProviders>,
    );
    await settle();

    act(() => showToast({ type: 'error', title: 'At once' }));
    await act(async () => {});

    expect(screen.getByText('At once')).toBeInTheDocument();
  });
});

describe('Toaster download', () => {
  it.each([
    ['pointerdown', () => fireEvent.pointerDown(document.body)],
    ['keydown', () => fireEvent.keyDown(document.body, { key: 'Tab' })],
    ['focusin', () => fireEvent.focusIn(document.body)],
  ])('starts on the first %s, before any toast', async (_type, interact) => {
    const evaluated = jest.fn();
    jest.resetModules(); // the region module is evaluated anew, through the factory below
    let FreshToaster: typeof Toaster = Toaster;
    jest.isolateModules(() => {
      jest.doMock('react', () => React); // one React for the fresh module and the renderer
      jest.doMock('./toast-region', () => {
        evaluated();
        return jest.requireActual<typeof import('./toast-region')>('./toast-region');
      });
      FreshToaster = jest.requireActual<typeof import('./toaster')>('./toaster').Toaster;
    });
    render(
      <AppProviders>
        <FreshToaster />
      </AppProviders>,
    );
    await settle();
    expect(evaluated).not.toHaveBeenCalled();

    interact();
    await settle();

    expect(evaluated).toHaveBeenCalledTimes(1);
    expect(region()).toBeNull(); // downloaded, not shown: there is no toast yet
  });
});
