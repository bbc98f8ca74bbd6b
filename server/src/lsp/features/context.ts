import type { Location, Position, Range } from 'vscode-languageserver';
import { LineIndex } from '../../core';
import type { FeatureInput, FileSystemHost, Loc, RootResult, SchemaIndex, Span } from '../../core';
import { rangeOf } from '../convert';
import { pathToUri, uriToPath } from '../uri';
import type { MetadataWorkspace } from '../workspace';

/**
 * What every feature adapter needs: the fresh check of a document's root, and offset <-> position
 * conversion against the text that check read (positions exist only at this edge).
 */
export class FeatureContext {
  /** Line indexes per checked file (a new check makes new file objects). */
  private readonly indexes = new WeakMap<object, LineIndex>();

  constructor(
    readonly workspace: MetadataWorkspace,
    readonly host: FileSystemHost,
    readonly schemas: SchemaIndex,
  ) {}

  /** The core input for a position in a document, when the document belongs to a metadata root. */
  at(uri: string, position: Position): FeatureInput | undefined {
    const doc = this.document(uri);
    return doc ? { result: doc.result, file: doc.file, offset: this.lines(doc.result, doc.file).offsetAt(position) } : undefined;
  }

  /** The fresh check and the path of a document of a metadata root. */
  document(uri: string): { result: RootResult; file: string } | undefined {
    const file = uriToPath(uri);
    const result = file ? this.workspace.freshResult(file) : undefined;
    return file && result ? { result, file } : undefined;
  }

  /** Line index of a file's text as `result` read it (falls back to the host for other files). */
  lines(result: RootResult | undefined, file: string): LineIndex {
    const projectFile = result?.project.files.get(file);
    if (projectFile) {
      let index = this.indexes.get(projectFile);
      if (!index) this.indexes.set(projectFile, (index = new LineIndex(projectFile.text)));
      return index;
    }
    const read = this.host.readFile(file);
    return new LineIndex(read.kind === 'text' ? read.text : '');
  }

  range(result: RootResult | undefined, file: string, span: Span): Range {
    return rangeOf(this.lines(result, file), span);
  }

  location(result: RootResult, loc: Loc): Location {
    return { uri: pathToUri(loc.file), range: this.range(result, loc.file, loc.span) };
  }
}
