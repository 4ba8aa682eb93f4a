import { Box, CloseButton, Flex, Link, Text } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { ArrowRight, Gift } from 'lucide-react';
import { useCallback, useEffect, useRef, useState, type MouseEvent } from 'react';
import { availableCodesQuery, useAvailableCount } from '../features/try/api/available-count';
import { useTranslation } from '../lib/i18n';
import { PageLink, isPlainLeftClick } from '../components/page-link';
import { Tooltip } from '../components/tooltip';
import { prefersReducedMotion } from '../lib/scroll';

/** Browser-storage key holding when the visitor last closed the banner (epoch ms). */
export const BANNER_CLOSED_KEY = 'giftcast-banner-closed';
export const BANNER_SHOW_DELAY_MS = 300;
export const BANNER_RESHOW_AFTER_MS = 30 * 60 * 1000;
/**
 * Counted from page load, like the show delay: the spec lists both as times "after load", and
 * 8300 = 300 + 8000 leaves the banner on screen for eight whole seconds.
 */
export const BANNER_AUTO_HIDE_MS = 8300;
export const BANNER_EXIT_MS = 600;

type Phase = 'hidden' | 'shown' | 'leaving' | 'gone';

function closedRecently(now: number): boolean {
  try {
    const closedAt = Number(localStorage.getItem(BANNER_CLOSED_KEY));
    const elapsed = now - closedAt;
    // A time in the future (clock changed since) does not hide the banner indefinitely.
    return closedAt > 0 && elapsed >= 0 && elapsed < BANNER_RESHOW_AFTER_MS;
  } catch {
    return false; // storage unavailable: nothing was remembered
  }
}

/**
 * How long ago the page finished loading, or null while it still loads. On a slow phone the app may
 * start after the load event: the banner's times still count from load, not from the app's start.
 */
function millisecondsSinceLoad(): number | null {
  if (document.readyState !== 'complete') return null;
  const [navigation] = (performance.getEntriesByType?.('navigation') ?? []) as PerformanceNavigationTiming[];
  return navigation?.loadEventEnd ? Math.max(0, performance.now() - navigation.loadEventEnd) : 0;
}

function rememberClosed(now: number): void {
  try {
    localStorage.setItem(BANNER_CLOSED_KEY, String(now));
  } catch {
    // Not remembered: the banner comes back on the next visit, which is harmless.
  }
}

/**
 * The bottom banner inviting visitors to /try. It appears shortly after load unless the visitor
 * closed it in the last 30 minutes, and leaves by itself after a few seconds. Only a deliberate
 * close (its button or its link) is remembered; leaving on its own is not, so a visitor who never
 * touched it sees it again on the next page load.
 *
 * Its number is the count of free codes /try shows, from the same list: the one the page came with
 * (/try), else fetched as the banner is due, and on /try kept live by its stream. It waits for that
 * number, and stays hidden while no code is free: it would invite visitors to a page with nothing
 * to take, on every page they open.
 */
export function NotificationBanner() {
  const queryClient = useQueryClient();
  const count = useAvailableCount();
  const [phase, setPhase] = useState<Phase>('hidden');
  const hideTimer = useRef<number | undefined>(undefined);
  const exitTimer = useRef<number | undefined>(undefined);

  // Slides out (at once under reduced motion), then unmounts.
  const leave = useCallback((remember: boolean) => {
    if (remember) rememberClosed(Date.now());
    window.clearTimeout(hideTimer.current);
    setPhase('leaving');
    exitTimer.current = window.setTimeout(() => setPhase('gone'), prefersReducedMotion() ? 0 : BANNER_EXIT_MS);
  }, []);

  // A banner closed recently, or whose time on screen is over, stays as it came: in the page, hidden.
  useEffect(() => {
    if (closedRecently(Date.now())) return;
    let showTimer: number | undefined;
    const schedule = (sinceLoad: number) => {
      if (sinceLoad >= BANNER_AUTO_HIDE_MS) return;
      void queryClient.prefetchQuery(availableCodesQuery);
      showTimer = window.setTimeout(() => setPhase('shown'), Math.max(0, BANNER_SHOW_DELAY_MS - sinceLoad));
      hideTimer.current = window.setTimeout(() => leave(false), BANNER_AUTO_HIDE_MS - sinceLoad);
    };
    const onLoad = () => schedule(0);
    const sinceLoad = millisecondsSinceLoad();
    if (sinceLoad === null) window.addEventListener('load', onLoad, { once: true });
    else schedule(sinceLoad);
    return () => {
      window.removeEventListener('load', onLoad);
      window.clearTimeout(showTimer);
      window.clearTimeout(hideTimer.current);
      window.clearTimeout(exitTimer.current);
    };
  }, [leave, queryClient]);

  if (phase === 'gone') return null;
  const hasCodes = count !== undefined && count > 0;
  return <BannerNotice phase={hasCodes ? phase : 'hidden'} count={count} onLeave={() => leave(true)} />;
}

interface BannerNoticeProps {
  /** Not yet shown (in the page, hidden), on screen, or sliding out. */
  phase: Exclude<Phase, 'gone'>;
  /** The free codes it announces; unknown until the list is in. */
  count: number | undefined;
  /** The visitor closed it (its button or its link). */
  onLeave: () => void;
}

/**
 * The banner as it looks: in the page's HTML from the start but hidden, so showing it changes one
 * attribute instead of drawing it (and writing its styles) while the app starts. The server also
 * renders it leaving, for those styles (entry-server.tsx).
 */
export function BannerNotice({ phase, count, onLeave }: BannerNoticeProps) {
  const { t } = useTranslation();
  const leaving = phase === 'leaving';

  // The link and the close button both close it; a new-tab click on the link leaves this page
  // where it is, and the banner with it.
  function closeAfterNavigating(event: MouseEvent<HTMLElement>) {
    if (isPlainLeftClick(event)) onLeave();
  }

  return (
    <Box
      hidden={phase === 'hidden'}
      role="region"
      aria-label={t('banner.label')}
      position="fixed"
      zIndex="banner"
      // Clear of the iPhone home indicator.
      bottom={{ base: 'max(0.75rem, env(safe-area-inset-bottom))', md: '4' }}
      insetStart={{ base: '3', md: '4' }}
      insetEnd={{ base: '3', md: 'auto' }}
      // Above md the toasts sit bottom-right: the banner keeps to the left of them.
      maxW={{ md: 'xs', lg: 'sm' }}
      bg="colorPalette.solid"
      color="colorPalette.contrast"
      rounded="xl"
      shadow="lg"
      ps="4"
      pe="1"
      py="1"
      data-testid="notification-banner"
      data-state={leaving ? 'closed' : 'open'}
      animationName="slide-from-bottom-full, fade-in"
      animationDuration="moderate"
      transform={leaving ? 'translateY(calc(100% + 2rem))' : 'translateY(0)'}
      opacity={leaving ? 0 : 1}
      transition={`transform ${BANNER_EXIT_MS}ms ease-in, opacity ${BANNER_EXIT_MS}ms ease-in`}
      _motionReduce={{ animation: 'none', transition: 'none' }}
    >
      <Flex align="center" gap="3">
        <Gift aria-hidden size={22} style={{ flexShrink: 0 }} />
        <Link
          asChild
          variant="plain"
          color="inherit"
          flex="1"
          minH="12"
          py="2"
          fontWeight="medium"
          textDecoration="underline"
          textUnderlineOffset="3px"
          _hover={{ textDecorationThickness: '2px' }}
        >
          <PageLink to="/try" onClick={closeAfterNavigating}>
            <Text as="span">{count === undefined ? '' : t('banner.text', { count })}</Text>
            <ArrowRight aria-hidden size={18} style={{ flexShrink: 0 }} />
          </PageLink>
        </Link>
        <Tooltip label={t('banner.close')}>
          <CloseButton size="lg" variant="plain" color="inherit" aria-label={t('banner.close')} onClick={onLeave} />
        </Tooltip>
      </Flex>
    </Box>
  );
}
