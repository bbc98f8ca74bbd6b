// Compares two screenshots as pictures, not as bytes. Chromium's software rasteriser does not
// antialias the same edge identically from run to run: two shots of the same workbench can differ in
// a handful of edge pixels by a few levels (measured: 6 pixels of the Problems panel's count badge,
// by at most 6 of 255). Such noise is not a change; anything a reader could see is.
import { readFileSync } from 'node:fs';
import { PNG } from 'pngjs';

/** A pixel whose channels all differ by at most this many levels (of 255) is antialiasing noise. */
export const NOISE_LEVELS = 8;
/** At most this many noisy pixels: more means something moved, even if only faintly. */
export const NOISE_PIXELS = 200;

/**
 * `same` when both images have the same size, no pixel differs by more than NOISE_LEVELS in any
 * channel, and at most NOISE_PIXELS pixels differ at all. `reason` says why not, in words.
 */
export function comparePictures(a, b) {
  const left = PNG.sync.read(a);
  const right = PNG.sync.read(b);
  if (left.width !== right.width || left.height !== right.height) {
    return { same: false, reason: `size ${left.width}×${left.height} ≠ ${right.width}×${right.height}`, noisy: 0, changed: 0 };
  }
  let noisy = 0;
  let changed = 0;
  let box;
  for (let i = 0; i < left.data.length; i += 4) {
    let delta = 0;
    for (let c = 0; c < 4; c++) delta = Math.max(delta, Math.abs(left.data[i + c] - right.data[i + c]));
    if (delta === 0) continue;
    if (delta <= NOISE_LEVELS) {
      noisy++;
      continue;
    }
    changed++;
    box = grow(box, (i / 4) % left.width, Math.floor(i / 4 / left.width));
  }
  if (changed > 0) {
    return { same: false, reason: `${changed} pixels changed within x ${box.x0}–${box.x1}, y ${box.y0}–${box.y1}`, noisy, changed };
  }
  if (noisy > NOISE_PIXELS) return { same: false, reason: `${noisy} pixels changed faintly (more than ${NOISE_PIXELS})`, noisy, changed };
  return { same: true, reason: noisy === 0 ? 'identical' : `${noisy} pixels of antialiasing noise`, noisy, changed };
}

export function comparePictureFiles(a, b) {
  return comparePictures(readFileSync(a), readFileSync(b));
}

function grow(box, x, y) {
  if (box === undefined) return { x0: x, x1: x, y0: y, y1: y };
  return { x0: Math.min(box.x0, x), x1: Math.max(box.x1, x), y0: Math.min(box.y0, y), y1: Math.max(box.y1, y) };
}
