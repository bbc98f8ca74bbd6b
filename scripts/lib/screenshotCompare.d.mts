/** Types of screenshotCompare.mjs, for the TypeScript tests. */
export interface PictureComparison {
  readonly same: boolean;
  /** Why not the same, or how close, in words. */
  readonly reason: string;
  /** Pixels that differ by at most NOISE_LEVELS. */
  readonly noisy: number;
  /** Pixels that differ by more. */
  readonly changed: number;
}
export const NOISE_LEVELS: number;
export const NOISE_PIXELS: number;
export function comparePictures(a: Buffer, b: Buffer): PictureComparison;
export function comparePictureFiles(a: string, b: string): PictureComparison;
