import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { changeLanguage } from '../lib/i18n';
import { jsonResponse, mockFetch } from '../test/fake-fetch';
import { renderApp } from '../test/render';

jest.mock('../lib/analytics', () => ({ trackEvent: jest.fn(), trackPageView: jest.fn() }));

beforeEach(async () => {
  mockFetch().mockResolvedValue(jsonResponse(200, []));
  await changeLanguage('en');
});

const mainNav = () => screen.getAllByRole('navigation', { name: 'Main' })[0];

describe('site header', () => {
  it('links every public page, with Try it as the call to action', async () => {
    await renderApp('/');

    const links = within(mainNav()).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/',
      '/how',
      '/about',
      '/why',
      '/partner',
      '/try',
      '/blog',
      '/support',
    ]);
    expect(within(mainNav()).getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
    // The call to action carries a heart; the other links are plain text.
    expect(within(mainNav()).getByRole('link', { name: 'Try it' }).querySelector('svg.lucide-heart')).not.toBeNull();
    expect(mainNav().querySelectorAll('svg.lucide-heart')).toHaveLength(1);
  });

  it('navigates in the app and scrolls to the top', async () => {
    const scrollTo = jest.spyOn(window, 'scrollTo');
    const { user, router } = await renderApp('/');

    await user.click(within(mainNav()).getByRole('link', { name: 'Blog' }));

    // The move is a transition: it commits once the blog's code and texts are in.
    await waitFor(() => expect(router.state.location.pathname).toBe('/blog'));
    await waitFor(() => expect(scrollTo).toHaveBeenCalledWith(expect.objectContaining({ top: 0 })));
  });

  it("scrolls to the top instead of navigating when the link is the current page's", async () => {
    const scrollTo = jest.spyOn(window, 'scrollTo');
    const { user, router } = await renderApp('/how');
    const navigate = jest.spyOn(router, 'navigate');

    await user.click(within(mainNav()).getByRole('link', { name: 'How it works' }));

    expect(scrollTo).toHaveBeenCalledWith(expect.objectContaining({ top: 0 }));
    expect(navigate).not.toHaveBeenCalled();
  });

  it.each([
    ['ctrl', { ctrlKey: true }],
    ['meta', { metaKey: true }],
    ['shift', { shiftKey: true }],
    ['alt', { altKey: true }],
    ['middle button', { button: 1 }],
  ])('leaves a %s click to the browser', async (_, init) => {
    const { router } = await renderApp('/');
    const link = within(mainNav()).getByRole('link', { name: 'About' });

    // Runs after React's handlers: records whether the app cancelled the browser's default
    // (new tab, download…), then cancels it itself because jsdom cannot open tabs.
    let cancelledByApp: boolean | undefined;
    const recordAndStop = (event: Event) => {
      cancelledByApp = event.defaultPrevented;
      event.preventDefault();
    };
    window.addEventListener('click', recordAndStop);
    fireEvent.click(link, init);
    window.removeEventListener('click', recordAndStop);

    expect(cancelledByApp).toBe(false);
    expect(router.state.location.pathname).toBe('/');
  });

  it('opens the mobile menu and closes it after navigating', async () => {
    const { user, router } = await renderApp('/');
    const toggle = screen.getByRole('button', { name: 'Open menu' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');

    await user.click(toggle);

    expect(screen.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true');
    const menu = document.getElementById('mobile-menu')!;
    expect(within(menu).getAllByRole('link')).toHaveLength(8);

    await user.click(within(menu).getByRole('link', { name: 'Support' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/support'));
    expect(document.getElementById('mobile-menu')).toBeNull();
    expect(screen.getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'false');
  });

  it('keeps the mobile menu open after a ctrl-click (a new tab leaves this page as it is)', async () => {
    const { user } = await renderApp('/');
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    const menu = document.getElementById('mobile-menu')!;

    const stopBrowser = (event: Event) => event.preventDefault();
    window.addEventListener('click', stopBrowser);
    fireEvent.click(within(menu).getByRole('link', { name: 'Blog' }), { ctrlKey: true });
    window.removeEventListener('click', stopBrowser);

    expect(document.getElementById('mobile-menu')).not.toBeNull();
  });

  it('closes the mobile menu with Escape', async () => {
    const { user } = await renderApp('/');
    await user.click(screen.getByRole('button', { name: 'Open menu' }));

    await user.keyboard('{Escape}');

    expect(document.getElementById('mobile-menu')).toBeNull();
  });
});

describe('site footer', () => {
  it('shows contact details from the environment, the year and the legal links', async () => {
    await renderApp('/');
    const footer = screen.getByRole('contentinfo');

    expect(within(footer).getByText('Email: hello@giftcast.example')).toBeInTheDocument();
    expect(within(footer).getByText('Phone: +82-2-0000-0000')).toBeInTheDocument();
    expect(
      within(footer).getByText(`© ${new Date().getFullYear()} Giftcast. All rights reserved.`),
    ).toBeInTheDocument();
    expect(within(footer).getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy');
    expect(within(footer).getByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', '/terms');
  });
});
