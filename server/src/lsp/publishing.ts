import type { Diagnostic } from 'vscode-languageserver';
import { LineIndex } from '../core';
import type { FileSystemHost, Finding } from '../core';
import type { StatusParams } from '../../../common/protocol';
import { toDiagnostic } from './convert';
import { pathToUri } from './uri';

/** Where the language server's output goes (the connection, or a test's recorder). */
export interface Publisher {
  diagnostics(uri: string, diagnostics: Diagnostic[]): void;
  status(params: StatusParams): void;
  /** The stack of a check that failed (the connection's console: the client's output channel). */
  log?(message: string): void;
}

/**
 * Sends each file's diagnostics only when they changed since the last time, and clears files that
 * have none now. Keeps one line index per file text for the conversion to positions.
 */
export class DiagnosticsOut {
  /** What was last sent per file that has diagnostics. */
  private readonly sent = new Map<string, { readonly findings: readonly Finding[]; readonly signature: string }>();
  /** Line indexes of file texts, kept while the text is the same. */
  private readonly lineCache = new Map<string, { text: string; index: LineIndex }>();

  constructor(
    private readonly publisher: Publisher,
    private readonly host: FileSystemHost,
  ) {}

  /**
   * One file's findings ahead of the check of its root (start-up: a file's YAML errors, the open
   * file's own syntax and schema findings); an empty list is sent too, and not remembered.
   */
  early(path: string, text: string, findings: readonly Finding[]): void {
    const diagnostics = findings.map((f) => toDiagnostic(f, (file) => this.lineIndex(file, file === path ? text : undefined)));
    const signature = JSON.stringify(diagnostics);
    if (this.sent.get(path)?.signature === signature) return;
    this.publisher.diagnostics(pathToUri(path), diagnostics);
    if (findings.length > 0) this.sent.set(path, { findings, signature });
    else this.sent.delete(path);
  }

  /** Every file's findings after a check: sends those that changed and clears the files that have none now. */
  all(byFile: ReadonlyMap<string, readonly Finding[]>, textOf: (file: string) => string | undefined): void {
    for (const [file, findings] of byFile) {
      const last = this.sent.get(file);
      if (last && sameItems(last.findings, findings)) continue;
      const diagnostics = findings.map((f) => toDiagnostic(f, (path) => this.lineIndex(path, textOf(path))));
      const signature = JSON.stringify(diagnostics);
      if (last?.signature !== signature) this.publisher.diagnostics(pathToUri(file), diagnostics);
      this.sent.set(file, { findings, signature });
    }
    for (const file of [...this.sent.keys()]) {
      if (byFile.has(file)) continue;
      this.publisher.diagnostics(pathToUri(file), []);
      this.sent.delete(file);
    }
  }

  private lineIndex(file: string, known: string | undefined): LineIndex {
    const read = known ?? this.host.readFile(file);
    const text = typeof read === 'string' ? read : read.kind === 'text' ? read.text : '';
    const cached = this.lineCache.get(file);
    if (cached?.text === text) return cached.index;
    const index = new LineIndex(text);
    this.lineCache.set(file, { text, index });
    return index;
  }
}

/** Findings grouped by file. */
export function byFile(groups: readonly (readonly Finding[])[]): Map<string, Finding[]> {
  const out = new Map<string, Finding[]>();
  for (const findings of groups) {
    for (const f of findings) {
      const list = out.get(f.file);
      if (list) list.push(f);
      else out.set(f.file, [f]);
    }
  }
  return out;
}

function sameItems<T>(a: readonly T[], b: readonly T[]): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}
