import { act, fireEvent, screen } from '@testing-library/react';
import { changeLanguage } from '../../../lib/i18n';
import { renderWithProviders } from '../../../test/render';
import { AUTO_ADVANCE_MS } from '../hooks/use-hero-carousel';
import { HeroCarousel } from './hero-carousel';

const TITLES = [
  'Let your flowers speak for you',
  'Record on the spot, no app, no account',
  'A video letter that opens with the same code',
];

/** The one slide screen readers can reach; the others are hidden from them. */
function currentSlide() {
  return screen.getByRole('group', { name: /of 3$/ });
}

function expectSlide(index: number) {
  const slide = currentSlide();
  expect(slide).toHaveAccessibleName(`${index + 1} of 3`);
  expect(slide).toHaveTextContent(TITLES[index]);
}

const advance = (ms: number) => act(() => jest.advanceTimersByTime(ms));

function swipe(fromX: number, toX: number) {
  const region = screen.getByRole('region', { name: 'Service highlights' });
  fireEvent.touchStart(region, { touches: [{ clientX: fromX, clientY: 300 }] });
  fireEvent.touchEnd(region, { changedTouches: [{ clientX: toX, clientY: 300 }] });
}

function mockReducedMotion(reduce: boolean) {
  jest.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) =>
      ({
        matches: reduce && query === '(prefers-reduced-motion: reduce)',
        media: query,
        onchange: null,
        addListener: () => {},
        removeListener: () => {},
        addEventListener: () => {},
        removeEventListener: () => {},
        dispatchEvent: () => false,
      }) as MediaQueryList,
  );
}

// jsdom has no PointerEvent, so without this every pointer event would arrive without its type.
class TestPointerEvent extends MouseEvent {
  readonly pointerType: string;
  constructor(type: string, init: PointerEventInit = {}) {
    super(type, init);
    this.pointerType = init.pointerType ?? '';
  }
}
const originalPointerEvent = window.PointerEvent;
beforeAll(() => {
  window.PointerEvent = TestPointerEvent as unknown as typeof PointerEvent;
});
afterAll(() => {
  window.PointerEvent = originalPointerEvent;
});

beforeEach(async () => {
  jest.useFakeTimers({ doNotFake: ['queueMicrotask'] });
  await changeLanguage('en');
});

afterEach(() => {
  jest.useRealTimers();
});

describe('HeroCarousel', () => {
  it('is a labelled carousel region that exposes only the current slide', async () => {
    await renderWithProviders(<HeroCarousel />);

    const region = screen.getByRole('region', { name: 'Service highlights' });
    expect(region).toHaveAttribute('aria-roledescription', 'carousel');
    expect(screen.getAllByRole('group', { name: /of 3$/ })).toHaveLength(1);
    expectSlide(0);
    expect(currentSlide()).toHaveAttribute('aria-roledescription', 'slide');
    // The hidden slides stay in the page (same height from the first render) but are inert.
    const slides = [...region.querySelectorAll('[aria-roledescription="slide"]')];
    expect(slides).toHaveLength(3);
    const hidden = slides.filter((el) => el !== currentSlide());
    expect(hidden).toHaveLength(2);
    for (const slide of hidden) {
      expect(slide).toHaveAttribute('aria-hidden', 'true');
      expect(slide).toHaveAttribute('inert');
    }
  });

  it('moves on after 5000 ms, not at 4999 ms', async () => {
    await renderWithProviders(<HeroCarousel />);

    advance(AUTO_ADVANCE_MS - 1);
    expectSlide(0);
    advance(1);
    expectSlide(1);
    expect(AUTO_ADVANCE_MS).toBe(5000);
  });

  it('wraps from the third slide back to the first', async () => {
    await renderWithProviders(<HeroCarousel />);

    advance(5000);
    advance(5000);
    expectSlide(2);
    advance(5000);
    expectSlide(0);
  });

  it('jumps to the slide of a clicked dot and marks that dot as current', async () => {
    await renderWithProviders(<HeroCarousel />);

    const third = screen.getByRole('button', { name: 'Show slide 3' });
    expect(third).not.toHaveAttribute('aria-current');
    expect(screen.getByRole('button', { name: 'Show slide 1' })).toHaveAttribute('aria-current', 'true');
    fireEvent.pointerDown(third, { pointerType: 'mouse' });
    fireEvent.click(third);
    fireEvent.pointerUp(third, { pointerType: 'mouse' });

    expectSlide(2);
    expect(third).toHaveAttribute('aria-current', 'true');
    expect(screen.getByRole('button', { name: 'Show slide 1' })).not.toHaveAttribute('aria-current');
  });

  it('ignores a swipe of exactly 50 px in either direction', async () => {
    await renderWithProviders(<HeroCarousel />);

    swipe(200, 150);
    expectSlide(0);
    swipe(150, 200);
    expectSlide(0);
  });

  it('goes to the next slide on a 51 px swipe to the left and back on a 51 px swipe to the right', async () => {
    await renderWithProviders(<HeroCarousel />);

    swipe(200, 149);
    expectSlide(1);
    swipe(149, 200);
    expectSlide(0);
    swipe(149, 200);
    expectSlide(2);
  });

  it('does not move by itself when the visitor prefers reduced motion', async () => {
    mockReducedMotion(true);
    await renderWithProviders(<HeroCarousel />);

    advance(60_000);
    expectSlide(0);
    expect(screen.queryByRole('button', { name: 'Pause the slide show' })).not.toBeInTheDocument();
    // The visitor can still change slides.
    fireEvent.click(screen.getByRole('button', { name: 'Show slide 2' }));
    expectSlide(1);
  });

  it('moves by itself when motion is allowed (the control for the test above)', async () => {
    mockReducedMotion(false);
    await renderWithProviders(<HeroCarousel />);

    advance(5000);
    expectSlide(1);
  });

  it('pauses while keyboard focus is inside and resumes when it leaves', async () => {
    await renderWithProviders(
      <>
        <HeroCarousel />
        <button type="button">after</button>
      </>,
    );

    act(() => screen.getByRole('button', { name: 'Show slide 1' }).focus());
    advance(20_000);
    expectSlide(0);

    act(() => screen.getByRole('button', { name: 'after' }).focus());
    advance(5000);
    expectSlide(1);
  });

  it('pauses while the mouse is over it, but not after a touch', async () => {
    await renderWithProviders(<HeroCarousel />);
    const region = screen.getByRole('region', { name: 'Service highlights' });

    fireEvent.pointerEnter(region, { pointerType: 'mouse' });
    advance(20_000);
    expectSlide(0);
    fireEvent.pointerLeave(region, { pointerType: 'mouse' });
    advance(5000);
    expectSlide(1);

    fireEvent.pointerEnter(region, { pointerType: 'touch' });
    advance(5000);
    expectSlide(2);
  });

  it('stops and restarts with the pause button', async () => {
    await renderWithProviders(<HeroCarousel />);

    fireEvent.click(screen.getByRole('button', { name: 'Pause the slide show' }));
    advance(20_000);
    expectSlide(0);

    fireEvent.click(screen.getByRole('button', { name: 'Play the slide show' }));
    advance(5000);
    expectSlide(1);
  });

  it('labels slides and dots in Korean', async () => {
    await changeLanguage('ko');
    await renderWithProviders(<HeroCarousel />);

    expect(screen.getByRole('group', { name: '3개 중 1번째' })).toHaveTextContent('꽃다발에 마음의 목소리를 담아요');
    expect(screen.getByRole('button', { name: '2번째 슬라이드 보기' })).toBeInTheDocument();
  });
});
