#!/usr/bin/env node
// Renders the extension's icon (images/icon.png, 256x256) from images/icon.svg with Debian's
// chromium through playwright-core. Run after editing the SVG: node scripts/make-icon.mjs
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { chromium } from 'playwright-core';

const ROOT = path.resolve(import.meta.dirname, '..');
const svg = readFileSync(path.join(ROOT, 'images', 'icon.svg'), 'utf8');
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: ['--no-sandbox', '--disable-gpu'] });
try {
  const page = await browser.newPage({ viewport: { width: 256, height: 256 } });
  await page.setContent(`<html><body style="margin:0;background:transparent">${svg}</body></html>`);
  await page.locator('svg').screenshot({ path: path.join(ROOT, 'images', 'icon.png'), omitBackground: true });
} finally {
  await browser.close();
}
