import type { Severity } from '../core/diagnostics';

export interface CheckArgs {
  readonly command: 'check';
  readonly dirs: string[];
  readonly format: 'stylish' | 'json' | 'sarif';
  readonly maxWarnings: number | undefined;
  readonly rules: Record<string, Severity | 'off'>;
  readonly color: boolean;
}

export type ParsedArgs = CheckArgs | { readonly command: 'help' | 'version' } | { readonly command: 'error'; readonly message: string };

const SEVERITIES = new Set(['error', 'warning', 'info', 'hint', 'off']);

export function parseArgs(argv: readonly string[], isTty: boolean): ParsedArgs {
  if (argv.length === 0 || argv[0] === '--help' || argv[0] === '-h' || argv[0] === 'help') return { command: 'help' };
  if (argv[0] === '--version' || argv[0] === '-v') return { command: 'version' };
  if (argv[0] !== 'check') return { command: 'error', message: `Unknown command \`${argv[0]}\`.` };
  const args = { command: 'check' as const, dirs: [] as string[], format: 'stylish' as CheckArgs['format'], maxWarnings: undefined as number | undefined, rules: {} as Record<string, Severity | 'off'>, color: isTty };
  for (let i = 1; i < argv.length; i++) {
    const arg = argv[i]!;
    const [flag, inline] = arg.startsWith('--') && arg.includes('=') ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)] : [arg, undefined];
    const value = (): string | undefined => inline ?? argv[++i];
    if (flag === '--format' || flag === '-f') {
      const format = value();
      if (format !== 'stylish' && format !== 'json' && format !== 'sarif') return { command: 'error', message: `--format must be stylish, json or sarif, not ${String(format)}.` };
      args.format = format;
    } else if (flag === '--max-warnings') {
      const n = Number(value());
      if (!Number.isInteger(n) || n < 0) return { command: 'error', message: '--max-warnings takes a whole number >= 0.' };
      args.maxWarnings = n;
    } else if (flag === '--rule') {
      const [code, severity] = (value() ?? '').split('=');
      if (!code || !severity || !SEVERITIES.has(severity)) return { command: 'error', message: '--rule takes CODE=error|warning|info|hint|off.' };
      args.rules[code] = severity as Severity | 'off';
    } else if (flag === '--no-color') args.color = false;
    else if (flag === '--color') args.color = true;
    else if (flag === '--help' || flag === '-h') return { command: 'help' };
    else if (flag.startsWith('-')) return { command: 'error', message: `Unknown option ${flag}.` };
    else args.dirs.push(arg);
  }
  if (args.dirs.length === 0) args.dirs.push('.');
  return args;
}

export const HELP = `Usage: graphql-metadata check [DIR...] [options]

Checks every GraphQL engine metadata project (config v3) found below each DIR (default: .).

Options:
  -f, --format stylish|json|sarif   output format (default: stylish)
      --max-warnings N              exit 1 when there are more than N warnings
      --rule CODE=SEVERITY          set a rule's severity: error, warning, info, hint or off
      --color / --no-color          force colours on or off
  -h, --help                        show this help
  -v, --version                     print the version

Exit codes: 0 no errors, 1 errors (or too many warnings), 2 usage or I/O error.
`;
