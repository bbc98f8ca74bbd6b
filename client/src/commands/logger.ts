/**
 * The command log: every line the commands write goes through here to the output channel, with
 * any admin secret this session has read masked, and the recent lines kept for inspection (the
 * e2e tests read them). Pure: the channel is an injected sink.
 */
import { redactText } from '../../../common/api/redact';

export type LogLevel = 'info' | 'warn' | 'error';
export type LogSink = (level: LogLevel, line: string) => void;

export class CommandLog {
  private readonly secrets = new Set<string>();
  private readonly kept: string[] = [];

  constructor(
    private readonly sink: LogSink,
    private readonly limit = 1000,
  ) {}

  /** A secret to mask from now on (called whenever one is read or stored). */
  protect(secret: string | undefined): void {
    if (secret !== undefined && secret !== '') this.secrets.add(secret);
  }

  info(message: string): void {
    this.write('info', message);
  }

  warn(message: string): void {
    this.write('warn', message);
  }

  error(message: string): void {
    this.write('error', message);
  }

  /** The recent lines as written (already masked). */
  get lines(): readonly string[] {
    return this.kept;
  }

  /** Masks every protected secret in `text`. */
  redact(text: string): string {
    let out = text;
    for (const secret of this.secrets) out = redactText(out, secret);
    return out;
  }

  private write(level: LogLevel, message: string): void {
    const line = this.redact(message);
    this.kept.push(`[${level}] ${line}`);
    if (this.kept.length > this.limit) this.kept.splice(0, this.kept.length - this.limit);
    this.sink(level, line);
  }
}
