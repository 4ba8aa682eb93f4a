// Regenerates the link-preview images (Open Graph / Twitter card) of the site in both languages:
// frontend/public/media/share-ko.jpg and share-en.jpg, 1200x630, drawn from the brand's own
// colours and mark in Debian's Chromium. Needs a font with Hangul (Debian's fonts-noto-cjk).
// Usage: node frontend/scripts/make-share-images.mjs
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const here = dirname(fileURLToPath(import.meta.url));
const media = join(here, '../public/media');
const mark = readFileSync(join(here, '../public/favicon.svg'), 'utf8');
const site = (language) => JSON.parse(readFileSync(join(here, `../src/i18n/${language}/site.json`), 'utf8'));

/** A QR-like pattern: fixed pseudo-random modules and the three finder squares. */
function qrSvg(size = 29) {
  let seed = 7;
  const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
  const finder = (x, y) => x < 8 && y < 8;
  const cells = [];
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      if (finder(x, y) || finder(size - 1 - x, y) || finder(x, size - 1 - y)) continue;
      if (random() < 0.48) cells.push(`<rect x="${x}" y="${y}" width="1" height="1"/>`);
    }
  }
  const eye = (x, y) =>
    `<rect x="${x}" y="${y}" width="7" height="7"/><rect x="${x + 1}" y="${y + 1}" width="5" height="5" fill="#fff"/><rect x="${x + 2}" y="${y + 2}" width="3" height="3"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="-2 -2 ${size + 4} ${size + 4}" shape-rendering="crispEdges"><rect x="-2" y="-2" width="${size + 4}" height="${size + 4}" fill="#fff"/><g fill="#1f1f23">${cells.join('')}${eye(0, 0)}${eye(size - 7, 0)}${eye(0, size - 7)}</g></svg>`;
}

const TEXT = {
  ko: {
    lang: 'ko',
    lines: ['꽃, 케이크, 선물에', 'QR 하나로 영상 편지를'],
    note: '가입 없이 녹화 · 받는 분은 스캔해서 시청 · 7일 뒤 자동 삭제',
  },
  en: {
    lang: 'en',
    lines: ['A video message', 'on every gift'],
    note: 'No sign-up to record · Scan to watch · Gone after 7 days',
  },
};

function page(language) {
  const { lang, lines, note } = TEXT[language];
  const brand = site(language).brand;
  return `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><style>
  * { margin: 0; box-sizing: border-box; }
  body { width: 1200px; height: 630px; font-family: 'Noto Sans CJK KR', 'Noto Sans', sans-serif; color: #1f1f23;
    background: linear-gradient(135deg, #fff1f2 0%, #ffe4e6 55%, #fecdd3 100%); display: flex; overflow: hidden; }
  .text { flex: 1; padding: 72px 32px 64px 72px; display: flex; flex-direction: column; }
  .brand { display: flex; align-items: center; gap: 18px; font-size: 40px; font-weight: 700; color: #be123c; }
  .brand svg { width: 64px; height: 64px; }
  h1 { margin-top: 64px; font-size: 56px; word-break: keep-all; line-height: 1.25; font-weight: 800; letter-spacing: -0.01em; }
  p { margin-top: auto; font-size: 22px; color: #4b4b55; white-space: nowrap; }
  .card { width: 400px; margin: 95px 80px 95px 0; background: #fff; border-radius: 32px; padding: 36px;
    box-shadow: 0 24px 60px rgba(190, 18, 60, 0.18); display: flex; flex-direction: column; align-items: center; gap: 20px; }
  .card .qr { width: 300px; height: 300px; }
  .play { display: flex; align-items: center; gap: 12px; font-size: 24px; font-weight: 700; color: #e11d48; }
  .play span { width: 0; height: 0; border-left: 22px solid #e11d48; border-top: 13px solid transparent; border-bottom: 13px solid transparent; }
  </style></head><body>
  <div class="text"><div class="brand">${mark}${brand}</div><h1>${lines.join('<br>')}</h1><p>${note}</p></div>
  <div class="card"><div class="qr">${qrSvg()}</div><div class="play"><span></span>${language === 'ko' ? '스캔하고 재생' : 'Scan & play'}</div></div>
  </body></html>`;
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
try {
  const tab = await browser.newPage({ viewport: { width: 1200, height: 630 } });
  for (const language of ['ko', 'en']) {
    await tab.setContent(page(language));
    await tab.evaluate(() => document.fonts.ready);
    const path = join(media, `share-${language}.jpg`);
    await tab.screenshot({ path, type: 'jpeg', quality: 82 });
    console.log(`wrote ${path}`);
  }
} finally {
  await browser.close();
}
