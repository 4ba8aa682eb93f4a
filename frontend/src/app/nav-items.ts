export const navItems = [
  { to: '/', labelKey: 'nav.home' },
  { to: '/how', labelKey: 'nav.how' },
  { to: '/about', labelKey: 'nav.about' },
  { to: '/why', labelKey: 'nav.why' },
  { to: '/partner', labelKey: 'nav.partner' },
  { to: '/try', labelKey: 'nav.try' },
  { to: '/blog', labelKey: 'nav.blog' },
  { to: '/support', labelKey: 'nav.support' },
] as const;

/** The highlighted call to action among the links. */
export const CALL_TO_ACTION_PATH = '/try';
