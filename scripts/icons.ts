/**
 * Draws the app icon and renders the PNGs the manifest and index.html name, in headless Chromium:
 *   npx tsx scripts/icons.ts
 * Writes public/icons/*.png; the PNGs are committed (the build only copies them).
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../tests/chromium';

const BLUE = '#1c7ed6';

/** The mark: two queue rows and a tick, drawn on a 512 × 512 canvas. */
const MARK = `
  <rect x="120" y="124" width="272" height="56" rx="28" fill="#fff" opacity="0.55"/>
  <rect x="120" y="224" width="272" height="56" rx="28" fill="#fff" opacity="0.8"/>
  <path d="M144 350l56 56 112-120" fill="none" stroke="#fff" stroke-width="52"
        stroke-linecap="round" stroke-linejoin="round"/>`;

/**
 * 'any': a rounded tile on transparency. 'full': a full-bleed square (maskable icons, where the
 * platform cuts its own shape, and the apple-touch-icon, which iOS rounds itself); the mark shrinks
 * into the maskable safe zone (a centred circle of 80 % of the width).
 */
function iconSvg(kind: 'any' | 'full', markScale = 1): string {
  const tile =
    kind === 'any'
      ? `<rect width="512" height="512" rx="112" fill="${BLUE}"/>`
      : `<rect width="512" height="512" fill="${BLUE}"/>`;
  const offset = 256 * (1 - markScale);
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512">${tile}<g transform="translate(${offset} ${offset}) scale(${markScale})">${MARK}</g></svg>`;
}

interface IconFile {
  name: string;
  size: number;
  svg: string;
}

export const ICON_FILES: IconFile[] = [
  { name: 'icon-192.png', size: 192, svg: iconSvg('any') },
  { name: 'icon-512.png', size: 512, svg: iconSvg('any') },
  { name: 'icon-maskable-512.png', size: 512, svg: iconSvg('full', 0.72) },
  { name: 'apple-touch-icon-180.png', size: 180, svg: iconSvg('full', 0.86) },
];

async function main(): Promise<void> {
  const outDir = resolve(import.meta.dirname, '../public/icons');
  await mkdir(outDir, { recursive: true });
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
  try {
    for (const icon of ICON_FILES) {
      const page = await browser.newPage({ viewport: { width: icon.size, height: icon.size } });
      const sized = icon.svg.replace('<svg ', `<svg width="${icon.size}" height="${icon.size}" `);
      await page.setContent(
        `<!doctype html><html><body style="margin:0;background:transparent">${sized}</body></html>`
      );
      const png = await page.screenshot({ omitBackground: true, type: 'png' });
      await writeFile(resolve(outDir, icon.name), png);
      await page.close();
      console.log(`public/icons/${icon.name}  ${icon.size}×${icon.size}  ${png.length} bytes`);
    }
    await writeFile(resolve(outDir, 'icon.svg'), iconSvg('any') + '\n');
  } finally {
    await browser.close();
  }
}

await main();
