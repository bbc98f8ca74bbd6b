import assert from 'node:assert/strict';
import * as path from 'node:path';
import { describe, test } from 'node:test';
import { pathToFileURL } from 'node:url';
import { PNG } from 'pngjs';
import type * as Compare from '../../../scripts/lib/screenshotCompare.mjs' with { 'resolution-mode': 'import' };

const REPO = path.resolve(__dirname, '../../../..');
const load = async (): Promise<typeof Compare> => (await import(pathToFileURL(path.join(REPO, 'scripts/lib/screenshotCompare.mjs')).href)) as typeof Compare;

/** A width×height grey image (level 200) with `paint` applied, as PNG bytes. */
function picture(width: number, height: number, paint: (data: Buffer, at: (x: number, y: number) => number) => void = () => {}): Buffer {
  const png = new PNG({ width, height });
  png.data.fill(200);
  for (let i = 3; i < png.data.length; i += 4) png.data[i] = 255;
  paint(png.data, (x, y) => (y * width + x) * 4);
  return PNG.sync.write(png);
}

describe('screenshot comparison (scripts/lib/screenshotCompare.mjs)', () => {
  test('the same picture is identical', async () => {
    const { comparePictures } = await load();
    assert.deepEqual(comparePictures(picture(40, 30), picture(40, 30)), { same: true, reason: 'identical', noisy: 0, changed: 0 });
  });

  test('antialiasing noise (6 pixels off by at most 6 levels, as measured on the Problems panel) is the same picture', async () => {
    const { comparePictures } = await load();
    const noisy = picture(40, 30, (data, at) => {
      for (const [x, y, d] of [
        [10, 10, 1],
        [10, 11, 4],
        [11, 11, 1],
        [11, 12, 5],
        [11, 13, 4],
        [12, 13, 6],
      ] as const) {
        for (let c = 0; c < 3; c++) data[at(x, y) + c] = 200 - d;
      }
    });
    assert.deepEqual(comparePictures(picture(40, 30), noisy), { same: true, reason: '6 pixels of antialiasing noise', noisy: 6, changed: 0 });
  });

  test('one pixel off by more than the noise level is a change, located', async () => {
    const { comparePictures, NOISE_LEVELS } = await load();
    const moved = picture(40, 30, (data, at) => {
      data[at(7, 3) + 1] = 200 - NOISE_LEVELS - 1;
      data[at(30, 20)] = 0;
    });
    assert.deepEqual(comparePictures(picture(40, 30), moved), { same: false, reason: '2 pixels changed within x 7–30, y 3–20', noisy: 0, changed: 2 });
  });

  test('faint changes over many pixels are a change', async () => {
    const { comparePictures, NOISE_PIXELS } = await load();
    const faint = picture(40, 30, (data, at) => {
      for (let n = 0; n <= NOISE_PIXELS; n++) data[at(n % 40, Math.floor(n / 40))] = 199;
    });
    const result = comparePictures(picture(40, 30), faint);
    assert.equal(result.same, false);
    assert.equal(result.reason, `${NOISE_PIXELS + 1} pixels changed faintly (more than ${NOISE_PIXELS})`);
  });

  test('a different size is a change', async () => {
    const { comparePictures } = await load();
    assert.deepEqual(comparePictures(picture(40, 30), picture(40, 31)), { same: false, reason: 'size 40×30 ≠ 40×31', noisy: 0, changed: 0 });
  });
});
