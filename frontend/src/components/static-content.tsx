import { useId, useRef, useState, type MouseEvent, type ReactNode } from 'react';
import { useTranslation } from '../lib/i18n';
import { useLocation, useNavigate } from 'react-router-dom';
import { isServerRendering } from '../lib/hydration';
import { scrollToTop } from '../lib/scroll';
import { useAdoptsServerHtml } from './hydrate-in-task';
import { isPlainLeftClick } from './page-link';

/** Where a link inside server HTML points, when the app should follow it itself. */
function inAppTarget(event: MouseEvent<HTMLElement>, current: { pathname: string; search: string }): URL | null {
  if (event.defaultPrevented || !isPlainLeftClick(event)) return null;
  const anchor = (event.target as Element).closest('a');
  if (!anchor || !event.currentTarget.contains(anchor) || anchor.hasAttribute('download')) return null;
  if (anchor.target && anchor.target !== '_self') return null;
  const url = new URL(anchor.href, window.location.href);
  if (url.origin !== window.location.origin) return null;
  // A jump within the page (a table of contents) is the browser's.
  return url.hash && url.pathname === current.pathname && url.search === current.search ? null : url;
}

/** The number a useId() value ends with: ids are counted in render order. */
const idNumber = (id: string) => Number(/(\d+)\D*$/.exec(id)?.[1]);

/**
 * Takes an id before and after the content. On the server, a gap between the two means the
 * content asked for ids of its own: ids are counted in render order, so the browser, which does
 * not render the content while adopting the page, would count every later id differently.
 */
function IdMark({ onId }: { onId: (id: string) => void }) {
  onId(useId());
  return null;
}

/** Marks an element of the content whose clicks `onAction` answers, with the action's name. */
const ACTION_ATTRIBUTE = 'data-action';

interface StaticContentProps {
  children: ReactNode;
  /** What else the content shows, e.g. when its data was fetched: a change renders it live. */
  version?: string | number;
  /**
   * Answers a click on an element marked `data-action="name"` (a button: a key on it clicks it
   * too), adopted or live, so the content's buttons need no handlers of their own.
   */
  onAction?: (action: string, event: MouseEvent<HTMLElement>) => void;
}

/**
 * Content that shows only text, pictures and links, whatever the app does: on a page the server
 * rendered, the browser adopts its HTML as it stands instead of rendering it again, which spares a
 * phone most of the work of starting the app. It renders live once the language or the page
 * changes (the HTML was the old one's) or its `version` does, and from the start where the app
 * renders from scratch.
 * Links in the adopted HTML are followed within the app, as PageLink does, and clicks on its
 * marked elements go to `onAction`.
 *
 * Only for content without state, effects, event handlers or ids (useId); the server refuses the
 * last. Lays out as if it were not there.
 */
export function StaticContent({ children, version = '', onAction }: StaticContentProps) {
  const { i18n } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const shown = `${i18n.language} ${location.pathname} ${version}`;
  const adopting = useAdoptsServerHtml();
  const [adopted] = useState(() => (adopting ? shown : null));
  const live = useRef(adopted === null);
  if (shown !== adopted) live.current = true;
  const firstId = useRef('');

  function answerAction(event: MouseEvent<HTMLDivElement>) {
    const action = (event.target as Element).closest(`[${ACTION_ATTRIBUTE}]`)?.getAttribute(ACTION_ATTRIBUTE);
    if (onAction && action) onAction(action, event);
  }

  function followLink(event: MouseEvent<HTMLDivElement>) {
    answerAction(event);
    const url = inAppTarget(event, location);
    if (!url) return;
    event.preventDefault();
    if (url.pathname === location.pathname && url.search === location.search) scrollToTop();
    else void navigate(url.pathname + url.search + url.hash);
  }

  return (
    <>
      <IdMark onId={(id) => (firstId.current = id)} />
      {live.current ? (
        <div style={{ display: 'contents' }} onClick={answerAction}>
          {children}
        </div>
      ) : (
        <div style={{ display: 'contents' }} onClick={followLink} dangerouslySetInnerHTML={{ __html: '' }} />
      )}
      <IdMark
        onId={(id) => {
          if (isServerRendering() && idNumber(id) !== idNumber(firstId.current) + 1) {
            throw new Error('StaticContent holds a component that uses ids (useId); it must stay outside');
          }
        }}
      />
    </>
  );
}
