/**
 * Entry point VS Code loads as `extensionTestsPath`: runs every <E2E_SUITES>/**\/*.test.js (default
 * `suite`; the corpus run of scripts/e2e.mjs passes `corpus`) with mocha inside the extension host.
 * A rejection makes the workbench exit with code 1.
 * `E2E_GREP` (environment of the VS Code server) runs only the tests whose title matches.
 */
import Mocha from 'mocha';
import { readdirSync } from 'node:fs';
import * as path from 'node:path';

export async function run(): Promise<void> {
  // A hang becomes a failure; the time allowed is generous for a loaded machine (the faults matrix's slow case alone waits 16 timeouts).
  const mocha = new Mocha({ ui: 'tdd', timeout: 180_000, color: true, reporter: 'spec' });
  const grep = process.env.E2E_GREP;
  if (grep !== undefined && grep !== '') {
    mocha.grep(grep);
  }
  const suites = process.env.E2E_SUITES ?? 'suite';
  if (!/^[a-z][a-z0-9-]*$/.test(suites)) {
    throw new Error(`E2E_SUITES must name a folder of out/test/e2e, not ${JSON.stringify(suites)}`);
  }
  const files = testFiles(path.join(__dirname, suites));
  if (files.length === 0) {
    throw new Error(`No *.test.js in ${path.join(__dirname, suites)}`);
  }
  for (const file of files) {
    mocha.addFile(file);
  }
  const failures = await new Promise<number>((resolve) => mocha.run(resolve));
  if (failures > 0) {
    throw new Error(`${failures} e2e test(s) failed`);
  }
}

function testFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.test.js'))
    .sort()
    .map((file) => path.join(dir, file));
}
