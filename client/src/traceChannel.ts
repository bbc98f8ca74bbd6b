/**
 * Makes the `graphqlMetadata.trace.server` setting switch LSP message tracing on and off.
 *
 * vscode-languageclient 11 traces only while its trace channel's log level is Trace (then
 * `<id>.trace.server` just picks messages/verbose), so the setting alone did nothing unless the
 * user also ran "Developer: Set Log Level". This adapter reports Trace while the setting is
 * messages|verbose and writes the trace into the "GraphQL Metadata" channel at any channel level.
 */
import * as vscode from 'vscode';

const traceSetting = 'graphqlMetadata.trace.server';

export class SettingTraceChannel implements vscode.LogOutputChannel {
  private readonly changed = new vscode.EventEmitter<vscode.LogLevel>();
  private readonly subscriptions: vscode.Disposable[];
  readonly onDidChangeLogLevel = this.changed.event;

  constructor(private readonly channel: vscode.LogOutputChannel) {
    this.subscriptions = [
      this.changed,
      channel.onDidChangeLogLevel(() => this.changed.fire(this.logLevel)),
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (e.affectsConfiguration(traceSetting)) {
          this.changed.fire(this.logLevel);
        }
      }),
    ];
  }

  get name(): string {
    return this.channel.name;
  }

  get logLevel(): vscode.LogLevel {
    return settingIsOn() ? vscode.LogLevel.Trace : this.channel.logLevel;
  }

  trace(message: string, ...args: unknown[]): void {
    if (settingIsOn()) {
      this.channel.appendLine(message);
    } else {
      this.channel.trace(message, ...args);
    }
  }

  debug(message: string, ...args: unknown[]): void {
    this.channel.debug(message, ...args);
  }

  info(message: string, ...args: unknown[]): void {
    this.channel.info(message, ...args);
  }

  warn(message: string, ...args: unknown[]): void {
    this.channel.warn(message, ...args);
  }

  error(error: string | Error, ...args: unknown[]): void {
    this.channel.error(error, ...args);
  }

  append(value: string): void {
    this.channel.append(value);
  }

  appendLine(value: string): void {
    this.channel.appendLine(value);
  }

  replace(value: string): void {
    this.channel.replace(value);
  }

  clear(): void {
    this.channel.clear();
  }

  show(columnOrPreserveFocus?: vscode.ViewColumn | boolean, preserveFocus?: boolean): void {
    if (typeof columnOrPreserveFocus === 'number') {
      this.channel.show(columnOrPreserveFocus, preserveFocus);
    } else {
      this.channel.show(columnOrPreserveFocus);
    }
  }

  hide(): void {
    this.channel.hide();
  }

  /** Disposes the adapter's listeners; the channel itself belongs to the extension. */
  dispose(): void {
    for (const subscription of this.subscriptions) {
      subscription.dispose();
    }
  }
}

function settingIsOn(): boolean {
  const value = vscode.workspace.getConfiguration().get<string>(traceSetting, 'off');
  return value === 'messages' || value === 'verbose';
}
