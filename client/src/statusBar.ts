/** The status bar item that shows the server's `graphqlMetadata/status`. */
import * as vscode from 'vscode';
import type { StatusParams } from '../../common/protocol';
import { hiddenStatus, engineStatusView, statusView, stoppedStatusView, type EngineState, type StatusView } from './statusView';

const backgrounds = {
  error: new vscode.ThemeColor('statusBarItem.errorBackground'),
  warning: new vscode.ThemeColor('statusBarItem.warningBackground'),
  none: undefined,
} as const;

const PROBLEMS_VIEW = 'workbench.actions.view.problems';

export class MetadataStatusBar implements vscode.Disposable {
  private readonly item: vscode.StatusBarItem;
  private readonly changed = new vscode.EventEmitter<StatusParams>();
  private last: StatusParams | undefined;
  private view: StatusView = hiddenStatus;
  private isStopped = false;
  readonly onDidChange = this.changed.event;

  /** @param restartCommand what a click runs while the server is stopped */
  constructor(private readonly restartCommand: string) {
    this.item = vscode.window.createStatusBarItem('graphqlMetadata.status', vscode.StatusBarAlignment.Left, 0);
    this.item.name = 'GraphQL Metadata';
    this.item.command = PROBLEMS_VIEW;
  }

  get lastStatus(): StatusParams | undefined {
    return this.last;
  }

  get statusView(): StatusView {
    return this.view;
  }

  update(params: StatusParams): void {
    // A status still on its way from a server that was just given up on must not hide that.
    if (this.isStopped) return;
    this.last = params;
    this.view = statusView(params, (p) => vscode.workspace.asRelativePath(p));
    this.item.command = PROBLEMS_VIEW;
    this.render(this.view);
    this.changed.fire(params);
  }

  /** The language server was stopped for good: the last counts are stale, a click restarts it. */
  stopped(reason: string): void {
    this.isStopped = true;
    this.view = stoppedStatusView(reason);
    this.item.command = this.restartCommand;
    this.render(this.view);
  }

  /** A language server runs again: its statuses are shown from now on. */
  resumed(): void {
    this.isStopped = false;
  }

  dispose(): void {
    this.item.dispose();
    this.changed.dispose();
  }

  private render(view: StatusView): void {
    if (!view.visible) {
      this.item.hide();
      return;
    }
    this.item.text = view.text;
    this.item.tooltip = new vscode.MarkdownString(view.tooltip, true);
    this.item.backgroundColor = backgrounds[view.severity];
    this.item.show();
  }
}

/** The status bar item of the GraphQL engine the server commands talk to (hidden until a config request). */
export class EngineStatusBar implements vscode.Disposable {
  private readonly item: vscode.StatusBarItem;
  private readonly changed = new vscode.EventEmitter<StatusView>();
  private view: StatusView = hiddenStatus;
  readonly onDidChange = this.changed.event;

  constructor() {
    this.item = vscode.window.createStatusBarItem('graphqlMetadata.server', vscode.StatusBarAlignment.Left, -1);
    this.item.name = 'GraphQL Engine';
    this.item.command = 'graphqlMetadata.showServerConfiguration';
  }

  get statusView(): StatusView {
    return this.view;
  }

  /** `undefined`: no server is configured (any more), or none can be asked without a question: the item hides. */
  update(engine: EngineState | undefined): void {
    this.view = engineStatusView(engine);
    if (this.view.visible) {
      this.item.text = this.view.text;
      this.item.tooltip = new vscode.MarkdownString(this.view.tooltip, true);
      this.item.backgroundColor = backgrounds[this.view.severity];
      this.item.show();
    } else {
      this.item.hide();
    }
    this.changed.fire(this.view);
  }

  dispose(): void {
    this.item.dispose();
    this.changed.dispose();
  }
}
