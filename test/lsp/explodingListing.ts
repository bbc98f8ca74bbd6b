/**
 * Preloaded into the language server by resilience.test.ts (`node --require`): a folder listing that
 * holds a file named `explode.yaml` gives it a name that is no string, so the code that makes a path
 * of it throws. No input can make the server's own work throw (that would be a bug to fix), so the
 * tests make the disk lie to reach the guards of start-up and of the re-check after an edit.
 */
import fs from 'node:fs';

const original = fs.readdirSync;
const listing = (path: unknown, options?: unknown): unknown => {
  const entries = (original as (p: unknown, o?: unknown) => unknown[])(path, options);
  return entries.map((entry) =>
    entry instanceof fs.Dirent && entry.name === 'explode.yaml'
      ? { name: Symbol('explode.yaml'), isDirectory: () => false, isFile: () => true, isSymbolicLink: () => false }
      : entry,
  );
};
Object.defineProperty(fs, 'readdirSync', { value: listing, configurable: true, writable: true });
