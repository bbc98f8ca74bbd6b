/** The extension's output channel as VS Code writes it to disk (the suites read it to see what was logged). */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, watch } from 'node:fs';
import * as path from 'node:path';

/** The file VS Code writes the "GraphQL Metadata" output channel to (below the extension host's log folder). */
export function outputLogFile(hostLogFolder: string): string {
  const found = readdirSync(hostLogFolder, { recursive: true, encoding: 'utf8' })
    .filter((f) => path.basename(f) === 'GraphQL Metadata.log')
    .map((f) => path.join(hostLogFolder, f));
  assert.equal(found.length, 1, `one GraphQL Metadata log under ${hostLogFolder}: ${JSON.stringify(found)}`);
  return found[0]!;
}

/** Resolves with the file's text once `predicate` holds (checked now, then on each change of the file). */
export function waitForFileText(file: string, predicate: (text: string) => boolean): Promise<string> {
  return new Promise((resolve, reject) => {
    const check = (): boolean => {
      const text = readFileSync(file, 'utf8');
      if (!predicate(text)) return false;
      clearTimeout(timer);
      watcher.close();
      resolve(text);
      return true;
    };
    const timer = setTimeout(() => {
      watcher.close();
      reject(new Error(`${file} never had the expected text; it has:\n${readFileSync(file, 'utf8').slice(-2000)}`));
    }, 30_000);
    const watcher = watch(file, () => void check());
    check();
  });
}
