// Light inline drawings for the three steps: no image requests, and they scale with the card.
// Decorative only (the step's title and text say the same), hence aria-hidden.

import type { ReactNode } from 'react';

const ROSE = { soft: '#ffe4e6', mid: '#fda4af', main: '#e11d48', deep: '#9f1239' };
const INK = '#334155';
const PAPER = '#ffffff';

interface IllustrationProps {
  size?: number;
}

function Frame({ size = 160, children }: IllustrationProps & { children: ReactNode }) {
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      viewBox="0 0 200 160"
      width={size}
      height={(size * 160) / 200}
      fill="none"
      xmlns="http://www.w3.org/2000/svg"
    >
      <ellipse cx="100" cy="146" rx="70" ry="8" fill={ROSE.soft} />
      {children}
    </svg>
  );
}

/** A small QR pattern: three finder squares and a few modules. */
function QrMark({ x, y, s }: { x: number; y: number; s: number }) {
  const m = s / 7;
  const finder = (fx: number, fy: number) => (
    <g key={`${fx}-${fy}`}>
      <rect x={fx} y={fy} width={m * 2.4} height={m * 2.4} rx={m * 0.3} fill={INK} />
      <rect x={fx + m * 0.5} y={fy + m * 0.5} width={m * 1.4} height={m * 1.4} fill={PAPER} />
      <rect x={fx + m * 0.85} y={fy + m * 0.85} width={m * 0.7} height={m * 0.7} fill={INK} />
    </g>
  );
  return (
    <g>
      <rect x={x} y={y} width={s} height={s} rx={m * 0.6} fill={PAPER} stroke={INK} strokeWidth="1.5" />
      {finder(x + m * 0.6, y + m * 0.6)}
      {finder(x + s - m * 3, y + m * 0.6)}
      {finder(x + m * 0.6, y + s - m * 3)}
      <rect x={x + m * 3.6} y={y + m * 3.6} width={m} height={m} fill={ROSE.main} />
      <rect x={x + m * 4.8} y={y + m * 4.6} width={m} height={m} fill={INK} />
      <rect x={x + m * 3.4} y={y + m * 5} width={m * 0.8} height={m * 0.8} fill={INK} />
    </g>
  );
}

/** 01: a phone aiming its camera frame at a QR tag on a bouquet. */
export function ScanIllustration(props: IllustrationProps) {
  return (
    <Frame {...props}>
      {/* bouquet */}
      <path d="M38 140 L58 88 L78 140 Z" fill={ROSE.mid} />
      <circle cx="48" cy="78" r="13" fill={ROSE.main} />
      <circle cx="68" cy="74" r="12" fill={ROSE.mid} />
      <circle cx="58" cy="62" r="11" fill={ROSE.deep} opacity="0.85" />
      <path d="M58 100 l-10 -6 M58 100 l10 -6" stroke={ROSE.deep} strokeWidth="3" strokeLinecap="round" />
      <QrMark x={44} y={106} s={28} />
      {/* phone */}
      <rect x="112" y="30" width="58" height="106" rx="10" fill={INK} />
      <rect x="117" y="40" width="48" height="86" rx="5" fill={PAPER} />
      <path
        d="M125 56 v-6 h6 M151 50 h6 v6 M157 110 v6 h-6 M131 116 h-6 v-6"
        stroke={ROSE.main}
        strokeWidth="3"
        strokeLinecap="round"
      />
      <line x1="124" y1="83" x2="158" y2="83" stroke={ROSE.main} strokeWidth="2" strokeDasharray="4 3" />
      <circle cx="141" cy="35" r="1.8" fill={PAPER} />
    </Frame>
  );
}

/** 02: a phone showing a recorded clip with an upload arrow and a progress bar. */
export function UploadIllustration(props: IllustrationProps) {
  return (
    <Frame {...props}>
      <rect x="66" y="22" width="68" height="116" rx="11" fill={INK} />
      <rect x="72" y="32" width="56" height="96" rx="6" fill={ROSE.soft} />
      {/* a face on screen */}
      <circle cx="100" cy="66" r="14" fill={ROSE.mid} />
      <circle cx="95" cy="63" r="1.8" fill={INK} />
      <circle cx="105" cy="63" r="1.8" fill={INK} />
      <path d="M94 70 q6 5 12 0" stroke={INK} strokeWidth="2" strokeLinecap="round" />
      <path d="M80 100 q20 -22 40 0 v8 h-40 Z" fill={ROSE.mid} />
      {/* progress */}
      <rect x="78" y="114" width="44" height="5" rx="2.5" fill={PAPER} />
      <rect x="78" y="114" width="30" height="5" rx="2.5" fill={ROSE.main} />
      {/* upload bubble */}
      <circle cx="150" cy="46" r="18" fill={ROSE.main} />
      <path
        d="M150 56 v-19 M142 44 l8 -8 l8 8"
        stroke={PAPER}
        strokeWidth="3.5"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      {/* record dot */}
      <circle cx="46" cy="60" r="12" fill={PAPER} stroke={ROSE.mid} strokeWidth="2" />
      <circle cx="46" cy="60" r="6" fill={ROSE.main} />
    </Frame>
  );
}

/** 03: a wrapped gift with its QR tag, and a play bubble rising from it. */
export function DeliverIllustration(props: IllustrationProps) {
  return (
    <Frame {...props}>
      <rect x="48" y="78" width="84" height="62" rx="6" fill={ROSE.main} />
      <rect x="42" y="64" width="96" height="20" rx="5" fill={ROSE.deep} />
      <rect x="84" y="64" width="12" height="76" fill={ROSE.soft} />
      <path
        d="M90 64 C72 40 56 52 70 62 Z M90 64 C108 40 124 52 110 62 Z"
        fill={ROSE.mid}
        stroke={ROSE.deep}
        strokeWidth="2"
      />
      <line x1="132" y1="96" x2="146" y2="108" stroke={INK} strokeWidth="1.5" />
      <QrMark x={138} y={104} s={26} />
      {/* play bubble */}
      <rect x="130" y="18" width="50" height="36" rx="10" fill={PAPER} stroke={ROSE.mid} strokeWidth="2" />
      <path d="M150 28 v16 l13 -8 Z" fill={ROSE.main} />
      <path d="M140 54 l-6 9 l12 -9" fill={PAPER} stroke={ROSE.mid} strokeWidth="2" strokeLinejoin="round" />
      {/* small hearts */}
      <path d="M34 40 c-4 -6 -12 -2 -8 4 l8 7 l8 -7 c4 -6 -4 -10 -8 -4 Z" fill={ROSE.mid} />
      <path
        d="M56 24 c-2.5 -4 -8 -1.5 -5 2.5 l5 4.5 l5 -4.5 c3 -4 -2.5 -6.5 -5 -2.5 Z"
        fill={ROSE.main}
        opacity="0.7"
      />
    </Frame>
  );
}
