import type { ReactElement, SVGProps } from 'react';
import type { ShareChannel } from '../share-post';

// lucide has no brand marks; these are simplified glyphs, drawn in currentColor and hidden from
// screen readers (each button carries its channel's name as text).
const svgProps: SVGProps<SVGSVGElement> = {
  viewBox: '0 0 24 24',
  width: 22,
  height: 22,
  'aria-hidden': true,
  focusable: false,
};

const KakaoIcon = () => (
  <svg {...svgProps} fill="currentColor">
    <path d="M12 3.5C6.5 3.5 2 7 2 11.3c0 2.8 1.9 5.2 4.7 6.6l-1 3.7c-.1.3.3.6.6.4l4.4-2.9c.4 0 .9.1 1.3.1 5.5 0 10-3.5 10-7.9S17.5 3.5 12 3.5z" />
  </svg>
);

const FacebookIcon = () => (
  <svg {...svgProps} fill="currentColor">
    <path d="M13.5 21v-7.5H16l.5-3h-3V8.6c0-.9.3-1.6 1.6-1.6h1.6V4.3c-.3 0-1.2-.1-2.3-.1-2.3 0-3.9 1.4-3.9 4v2.3H8v3h2.5V21h3z" />
  </svg>
);

const XIcon = () => (
  <svg {...svgProps} fill="currentColor">
    <path d="M17.8 3h3.1l-6.8 7.7L22 21h-6.2l-4.9-6.4L5.3 21H2.2l7.2-8.3L1.8 3h6.4l4.4 5.8L17.8 3zm-1.1 16.2h1.7L7.3 4.7H5.5l11.2 14.5z" />
  </svg>
);

const NaverIcon = () => (
  <svg {...svgProps} fill="currentColor">
    <path d="M15.6 12.8 8.1 2H2v20h6.4V11.2L15.9 22H22V2h-6.4v10.8z" transform="translate(3 3) scale(.75)" />
  </svg>
);

const InstagramIcon = () => (
  <svg {...svgProps} fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round">
    <rect x="3" y="3" width="18" height="18" rx="5" />
    <circle cx="12" cy="12" r="4" />
    <circle cx="17.5" cy="6.5" r="0.6" fill="currentColor" />
  </svg>
);

/** Each channel's mark and the colours of its badge (brand background, readable foreground). */
export const channelBadges: Record<ShareChannel, { icon: () => ReactElement; bg: string; color: string }> = {
  kakao: { icon: KakaoIcon, bg: '#FEE500', color: '#191919' },
  facebook: { icon: FacebookIcon, bg: '#1877F2', color: '#FFFFFF' },
  x: { icon: XIcon, bg: '#000000', color: '#FFFFFF' },
  naver: { icon: NaverIcon, bg: '#03C75A', color: '#FFFFFF' },
  instagram: { icon: InstagramIcon, bg: '#E4405F', color: '#FFFFFF' },
};
