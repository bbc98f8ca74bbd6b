/**
 * The preview of an export: a QuickPick listing every file it creates, overwrites or deletes. Picking
 * a file opens its diff (local on the left, the server on the right) and keeps the list open;
 * picking "Write" is the only way to go on. Dismissing it throws {@link Cancelled}.
 */
import * as vscode from 'vscode';
import type { PlannedFile } from '../../../common/protocol';
import { Cancelled } from './outcome';
import { exportCounts, planCounts, plannedLabel } from './syncText';

/** The two sides of a planned file's diff. */
export interface DiffSides {
  readonly left: vscode.Uri;
  readonly right: vscode.Uri;
  readonly title: string;
}

interface Item extends vscode.QuickPickItem {
  readonly action: 'write' | 'all' | 'file';
  readonly file?: PlannedFile;
}

async function openDiff(sides: DiffSides, preserveFocus: boolean): Promise<void> {
  await vscode.commands.executeCommand('vscode.diff', sides.left, sides.right, sides.title, { preview: true, preserveFocus });
}

/** Opens every planned file in one changes editor (side by side per file). */
export async function openChanges(title: string, files: readonly PlannedFile[], sides: (file: PlannedFile) => DiffSides): Promise<void> {
  const resources = files.map((f) => {
    const s = sides(f);
    return [vscode.Uri.file(f.file), s.left, s.right];
  });
  await vscode.commands.executeCommand('vscode.changes', title, resources);
}

/** Resolves when the user picks "Write"; throws Cancelled when the preview is dismissed. */
export function previewExport(title: string, files: readonly PlannedFile[], sides: (file: PlannedFile) => DiffSides): Promise<void> {
  const quickPick = vscode.window.createQuickPick<Item>();
  quickPick.title = title;
  quickPick.placeholder = 'Pick a file to see its diff (local ↔ server); pick Write to write them all';
  quickPick.ignoreFocusOut = true;
  quickPick.matchOnDescription = true;
  quickPick.items = items(files);
  return new Promise<void>((resolve, reject) => {
    let done = false;
    const finish = (settle: () => void): void => {
      if (done) return;
      done = true;
      settle();
      quickPick.dispose();
    };
    quickPick.onDidAccept(() => {
      const item = quickPick.selectedItems[0];
      if (item?.action === 'write') finish(resolve);
      else if (item?.action === 'all') void openChanges(title, files, sides);
      else if (item?.file) void openDiff(sides(item.file), true);
    });
    quickPick.onDidHide(() => finish(() => reject(new Cancelled())));
    quickPick.show();
  });
}

function items(files: readonly PlannedFile[]): Item[] {
  const counts = planCounts(files);
  const n = files.length;
  const head: Item[] = [
    { label: `$(check) Write ${n} file${n === 1 ? '' : 's'}`, description: exportCounts(counts), action: 'write', alwaysShow: true },
    { label: '$(diff-multiple) Show all changes', description: 'one editor, side by side per file', action: 'all', alwaysShow: true },
  ];
  const separator = { label: 'Files', kind: vscode.QuickPickItemKind.Separator } as Item;
  const rows = files.map((file): Item => {
    const { icon, description } = plannedLabel(file);
    return { label: `${icon} ${file.rel}`, description, action: 'file', file };
  });
  return [...head, separator, ...rows];
}
