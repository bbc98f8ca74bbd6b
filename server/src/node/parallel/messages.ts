import type { Finding, PackedDoc, ReadResult } from '../../core';

/** To a parse worker: read, parse and (table and function files) schema-check these files. */
export interface ParseRequest {
  readonly id: number;
  readonly paths: readonly string[];
}

/** One file as a worker saw it: what the main thread needs to skip reading, parsing and validating it. */
export interface ParsedFile {
  readonly path: string;
  readonly read: ReadResult;
  readonly real: string;
  /** The parse, when it has no syntax findings, anchors or aliases (else the main thread parses). */
  readonly packed?: PackedDoc;
  /** The kind the file was validated as, and its schema findings (table and function files without includes). */
  readonly kind?: string;
  readonly schema?: readonly Finding[];
}

export interface ParseReply {
  readonly id: number;
  readonly files: readonly ParsedFile[];
}
