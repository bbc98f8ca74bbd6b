/**
 * QuickPick / InputBox helpers for the commands: each takes the value the argument object gave
 * and asks only when it is missing; a dismissed prompt throws {@link Cancelled}.
 */
import * as vscode from 'vscode';
import { Cancelled } from './outcome';

export interface Choice<T> extends vscode.QuickPickItem {
  readonly value: T;
}

export async function pick<T>(given: T | undefined, choices: readonly Choice<T>[], title: string, placeHolder?: string): Promise<T> {
  if (given !== undefined) return given;
  const only = choices.length === 1 ? choices[0] : undefined;
  if (only && only.kind !== vscode.QuickPickItemKind.Separator) return only.value;
  const chosen = await vscode.window.showQuickPick(choices, { title, placeHolder, ignoreFocusOut: true, matchOnDescription: true });
  if (!chosen) throw new Cancelled();
  return chosen.value;
}

/** Several values; `typeOwn` adds an item that opens a box for a comma-separated list. */
export async function pickMany(
  given: string[] | undefined,
  choices: readonly string[],
  title: string,
  typeOwn?: { prompt: string; parse: (text: string) => string[] },
): Promise<string[]> {
  if (given !== undefined) return given;
  if (choices.length === 0 && typeOwn)
    return typeOwn.parse(
      await input(undefined, { title, prompt: typeOwn.prompt, validate: (t) => (typeOwn.parse(t).length === 0 ? 'Give at least one.' : undefined) }),
    );
  const items = choices.map((label) => ({ label }));
  const chosen = await vscode.window.showQuickPick(items, {
    title,
    canPickMany: true,
    ignoreFocusOut: true,
    placeHolder: typeOwn ? `${typeOwn.prompt} (or pick none to type them)` : undefined,
  });
  if (!chosen) throw new Cancelled();
  if (chosen.length > 0 || !typeOwn) return chosen.map((c) => c.label);
  return typeOwn.parse(
    await input(undefined, { title, prompt: typeOwn.prompt, validate: (t) => (typeOwn.parse(t).length === 0 ? 'Give at least one.' : undefined) }),
  );
}

export interface InputOptions {
  readonly title: string;
  readonly prompt?: string;
  readonly value?: string;
  readonly placeHolder?: string;
  readonly password?: boolean;
  /** A message when the text is not acceptable. */
  readonly validate?: (text: string) => string | undefined;
}

export async function input(given: string | undefined, options: InputOptions): Promise<string> {
  if (given !== undefined) return given;
  const text = await vscode.window.showInputBox({
    title: options.title,
    prompt: options.prompt,
    value: options.value,
    placeHolder: options.placeHolder,
    password: options.password,
    ignoreFocusOut: true,
    validateInput: options.validate,
  });
  if (text === undefined) throw new Cancelled();
  return text;
}

/** A modal question; resolves true for `yes`, false for the other button, throws on dismiss. */
export async function confirm(message: string, detail: string, yes: string, no?: string): Promise<boolean> {
  const buttons = no ? [yes, no] : [yes];
  const answer = await vscode.window.showWarningMessage(message, { modal: true, detail }, ...buttons);
  if (answer === undefined) throw new Cancelled();
  return answer === yes;
}
