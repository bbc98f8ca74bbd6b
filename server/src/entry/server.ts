// dist/server.js: the language server's bundle (server/src/main.ts, dist/server.bundle.js) run through V8's code cache.
import * as path from 'node:path';
import { runCached } from '../node/codeCache';

// A language server may be killed rather than exit: its cache is also written once its start-up has had time to run.
runCached(path.join(__dirname, 'server.bundle.js'), { saveAfterMs: 5000 });
