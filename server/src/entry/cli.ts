// dist/cli.js: the CLI's bundle (server/src/cli.ts, dist/cli.bundle.js) run through V8's code cache.
import * as path from 'node:path';
import { runCached } from '../node/codeCache';

runCached(path.join(__dirname, 'cli.bundle.js'));
