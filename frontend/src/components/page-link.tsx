import type { MouseEvent } from 'react';
import { NavLink, useLocation, type NavLinkProps } from 'react-router-dom';
import { withIntent } from '../lib/intent';
import { prefetchPage } from '../lib/page-prefetch';
import { scrollToTop } from '../lib/scroll';

/** A click the browser would treat as "follow here": primary button, no modifier keys. */
export function isPlainLeftClick(event: MouseEvent): boolean {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}

interface PageLinkProps extends Omit<NavLinkProps, 'to'> {
  to: string;
}

/**
 * An in-app link to a page. Following the link of the page already shown scrolls back to the
 * top instead of doing nothing; new-tab and download clicks keep the browser's behaviour.
 * Marks itself with aria-current="page" when its page is shown. A pointer over it, a finger on it
 * or focus on it fetches its page's code and texts ahead of the click (lib/page-prefetch.ts).
 */
export function PageLink({ to, onClick, onPointerEnter, onTouchStart, onFocus, end, ...rest }: PageLinkProps) {
  const location = useLocation();

  function handleClick(event: MouseEvent<HTMLAnchorElement>) {
    onClick?.(event);
    if (event.defaultPrevented || !isPlainLeftClick(event)) return;
    if (to === location.pathname) {
      event.preventDefault();
      scrollToTop();
    }
  }

  return (
    <NavLink
      to={to}
      end={end ?? to === '/'}
      onClick={handleClick}
      {...withIntent({ onPointerEnter, onTouchStart, onFocus }, () => prefetchPage(to))}
      {...rest}
    />
  );
}
