import type { ServerOptions } from './options';
import { DEFAULT_OPTIONS, patchOptions } from './options';

/** `--port 0 --state FILE [--admin-secret S] [--enabled-apis metadata,config] [--dialect spec|engine] [--jwt MODE]` */

export interface CliArgs {
  port: number;
  stateFile: string;
  options: ServerOptions;
}

const FLAGS = ['--port', '--state', '--admin-secret', '--enabled-apis', '--dialect', '--jwt'];

function readFlags(argv: string[]): Map<string, string> {
  const flags = new Map<string, string>();
  for (let i = 0; i < argv.length; i += 2) {
    const flag = argv[i] ?? '';
    const value = argv[i + 1];
    if (!FLAGS.includes(flag)) throw new Error(`unknown flag ${flag}; flags: ${FLAGS.join(' ')}`);
    if (value === undefined) throw new Error(`${flag} needs a value`);
    flags.set(flag, value);
  }
  return flags;
}

export function parseCliArgs(argv: string[]): CliArgs {
  const flags = readFlags(argv);
  const stateFile = flags.get('--state');
  if (stateFile === undefined) throw new Error('--state FILE is required');
  const port = Number(flags.get('--port') ?? '0');
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error('--port must be 0..65535');
  const options: ServerOptions = { ...DEFAULT_OPTIONS };
  const patch: Record<string, unknown> = {};
  if (flags.has('--admin-secret')) patch.adminSecret = flags.get('--admin-secret');
  if (flags.has('--enabled-apis'))
    patch.enabledApis = (flags.get('--enabled-apis') ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter((s) => s !== '');
  if (flags.has('--dialect')) patch.dialect = flags.get('--dialect');
  if (flags.has('--jwt')) patch.jwt = flags.get('--jwt');
  const error = patchOptions(options, patch);
  if (error !== undefined) throw new Error(error);
  return { port, stateFile, options };
}
