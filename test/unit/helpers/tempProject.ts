import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

/** Writes `files` (relative path -> text) into a new temp folder and returns the folder. */
export function writeTempProject(files: Record<string, string>, prefix = 'gem-'): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  for (const [rel, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    fs.writeFileSync(path.join(dir, rel), text);
  }
  return dir;
}
