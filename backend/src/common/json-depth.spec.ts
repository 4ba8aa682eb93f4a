import { nestsDeeperThan } from './json-depth';

/** `levels` objects, each holding the next under `key`. */
const nestedObjects = (levels: number): unknown =>
  Array.from({ length: levels - 1 }).reduce<unknown>((inner) => ({ key: inner, other: 1 }), { leaf: 'x' });

describe('nestsDeeperThan', () => {
  it('counts objects and arrays alike, a top-level object as one level', () => {
    expect(nestsDeeperThan(nestedObjects(3), 3)).toBe(false);
    expect(nestsDeeperThan(nestedObjects(4), 3)).toBe(true);
    expect(nestsDeeperThan({ a: [[1]] }, 3)).toBe(false);
    expect(nestsDeeperThan({ a: [[[1]]] }, 3)).toBe(true);
  });

  it('takes the deepest branch, wherever it is', () => {
    expect(nestsDeeperThan([1, 'x', null, { a: { b: {} } }, []], 4)).toBe(false);
    expect(nestsDeeperThan([1, 'x', null, { a: { b: { c: {} } } }, []], 4)).toBe(true);
  });

  it('passes what is not nested at all: primitives, null, an empty body', () => {
    for (const value of [undefined, null, 0, 'text', true, {}, []]) expect(nestsDeeperThan(value, 1)).toBe(false);
  });

  it('walks 100 000 levels without overflowing the stack', () => {
    const deep = JSON.parse(`${'['.repeat(100_000)}${']'.repeat(100_000)}`) as unknown;
    expect(nestsDeeperThan(deep, 32)).toBe(true);
  });
});
