/**
 * A settled workbench for the README screenshots, whatever the suites before left open: no
 * editors, explorer folders collapsed (showing a file expands only its own), no notifications,
 * and no breadcrumbs during the shot (they fill in on a timer of their own, so a shot could catch
 * them half-way and the PNG would differ from run to run).
 */
import * as vscode from 'vscode';

export async function settleWindow(): Promise<void> {
  await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  await vscode.commands.executeCommand('workbench.files.action.collapseExplorerFolders');
  await vscode.commands.executeCommand('notifications.clearAll');
}

/**
 * Hides the breadcrumbs (a workspace setting) until the returned function restores them. Hide them
 * before opening a menu for a shot: the editor's re-layout closes an open menu.
 */
export async function hideBreadcrumbs(): Promise<() => Promise<void>> {
  const breadcrumbs = vscode.workspace.getConfiguration('breadcrumbs');
  await breadcrumbs.update('enabled', false, vscode.ConfigurationTarget.Workspace);
  return async () => {
    await breadcrumbs.update('enabled', undefined, vscode.ConfigurationTarget.Workspace);
  };
}
