import { DeviceCookies } from './device-cookie';

const SECRET = 'a-jwt-secret-that-is-long-enough-0123456789';

describe('DeviceCookies', () => {
  const cookies = new DeviceCookies(SECRET);

  it('recognises a cookie it issued, by an id of its own for each', () => {
    const first = cookies.issue();
    const second = cookies.issue();
    expect(cookies.idOf(first)).toBe(first.split('.')[0]);
    expect(cookies.idOf(second)).toBe(second.split('.')[0]);
    expect(cookies.idOf(first)).not.toBe(cookies.idOf(second));
  });

  it('rejects a cookie with any one character of its id or signature changed', () => {
    const value = cookies.issue();
    for (let index = 0; index < value.length; index++) {
      if (value[index] === '.') continue;
      const altered = value.slice(0, index) + (value[index] === 'A' ? 'B' : 'A') + value.slice(index + 1);
      expect(cookies.idOf(altered)).toBeUndefined();
    }
  });

  it('rejects a cookie signed with another secret', () => {
    const foreign = new DeviceCookies('another-secret-that-is-long-enough-000000').issue();
    expect(cookies.idOf(foreign)).toBeUndefined();
  });

  it.each([undefined, '', 'x', 'abc.def', `${'a'.repeat(22)}.${'b'.repeat(43)}`, `${cookies.issue()}.extra`])(
    'rejects %p',
    (value) => {
      expect(cookies.idOf(value)).toBeUndefined();
    },
  );
});
