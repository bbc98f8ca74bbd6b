import type { AddressInfo } from 'node:net';
import { createTestServer } from './app';
import { parseCliArgs } from './cliArgs';
import { loadStateFile } from './state';
import { createApp } from './testApp';

/**
 * node out/test/server/main.js --port 0 --state FILE|METADATA_DIR [--admin-secret S] [--enabled-apis metadata,config] [--dialect spec|engine] [--jwt MODE]
 * Prints `listening on http://127.0.0.1:PORT` as its first stdout line. Binds 127.0.0.1 only.
 */
function main(): void {
  let args;
  try {
    args = parseCliArgs(process.argv.slice(2));
  } catch (e) {
    process.stderr.write(`test server: ${e instanceof Error ? e.message : String(e)}\n`);
    process.exit(2);
  }
  const server = createTestServer(createApp(loadStateFile(args.stateFile), args.options));
  server.listen(args.port, '127.0.0.1', () => {
    const { port } = server.address() as AddressInfo;
    process.stdout.write(`listening on http://127.0.0.1:${port}\n`);
  });
  const stop = (): void => {
    server.close(() => process.exit(0));
    server.closeAllConnections();
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

main();
