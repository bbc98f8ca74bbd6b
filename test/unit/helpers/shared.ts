import * as fs from 'node:fs';

/**
 * A folder of ../shared (the real projects beside the repository) that a test reads. Its absence is
 * no reason to skip: this throws, so the test fails and says what to put there.
 */
export function sharedFolder(dir: string): string {
  if (!fs.existsSync(dir)) throw new Error(`${dir} is missing: these tests read the real projects of ../shared (corpus/, schemas/) beside the repository.`);
  return dir;
}
