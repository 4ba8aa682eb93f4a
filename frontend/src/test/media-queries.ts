// Captured before any test replaces it: a second replacement must not call the first.
const unmockedMatchMedia = window.matchMedia.bind(window);

/**
 * Makes window.matchMedia answer as `matching` says, any other query not matching, until jest
 * restores its spies before the next test.
 */
export function mockMediaQueries(matching: Record<string, boolean>) {
  return jest
    .spyOn(window, 'matchMedia')
    .mockImplementation((query) => ({ ...unmockedMatchMedia(query), matches: matching[query] ?? false }));
}
