import { swipeStep, wrapIndex } from './hero-navigation';

describe('swipeStep', () => {
  it('ignores a swipe of exactly 50 px or less', () => {
    expect(swipeStep(-50)).toBe(0);
    expect(swipeStep(50)).toBe(0);
    expect(swipeStep(-10)).toBe(0);
  });

  it('goes to the next slide for more than 50 px to the left and back for more than 50 px to the right', () => {
    expect(swipeStep(-51)).toBe(1);
    expect(swipeStep(51)).toBe(-1);
  });

  it('ignores a mostly vertical movement, which is the visitor scrolling', () => {
    expect(swipeStep(-60, 120)).toBe(0);
    expect(swipeStep(60, -61)).toBe(0);
  });
});

describe('wrapIndex', () => {
  it('cycles 0..2 in both directions', () => {
    expect(wrapIndex(0, 1, 3)).toBe(1);
    expect(wrapIndex(2, 1, 3)).toBe(0);
    expect(wrapIndex(0, -1, 3)).toBe(2);
  });
});
