import { parentPort } from 'node:worker_threads';
import type { Finding } from '../../core/diagnostics';
import type { ReadResult } from '../../core/host';
import { DocumentPacker } from '../../core/parse/packed';
import type { PackedDoc } from '../../core/parse/packed';
import { parseYamlFile } from '../../core/parse/yamlFile';
import type { YamlFile } from '../../core/parse/yamlFile';
import type { FileKind } from '../../core/project/kinds';
import { SchemaValidator } from '../../core/schema/validator';
import { createNodeHost } from '../fsHost';
import { tuneHeap } from '../heap';
import { loadSchemaSet } from '../schemas';
import { aloneKind, schemaAlone } from './alone';
import type { ParsedFile, ParseReply, ParseRequest } from './messages';

/**
 * A parse worker (dist/parseWorker.js): reads the files it is sent, parses each, packs the parse
 * for the main thread (core/parse/packed.ts) and schema-checks table and function files, whose
 * kind their place tells and whose value is their own text. Everything else stays on the main
 * thread: the loader, the index and the cross-file rules.
 */
tuneHeap();
const host = createNodeHost();
let validator: SchemaValidator | undefined;

function schemaFindings(yaml: YamlFile, read: string, kind: FileKind): readonly Finding[] {
  validator ??= new SchemaValidator(loadSchemaSet());
  return schemaAlone(validator, yaml, read, kind);
}

function parseOne(path: string, packer: DocumentPacker): ParsedFile {
  const read: ReadResult = host.readFile(path);
  const real = host.realPath(path);
  if (read.kind !== 'text') return { path, read, real };
  try {
    const yaml = parseYamlFile(path, read.text);
    const packed: PackedDoc | undefined = packer.pack(yaml);
    if (!packed) return { path, read, real };
    const kind = aloneKind(yaml);
    return kind ? { path, read, real, packed, kind, schema: schemaFindings(yaml, read.text, kind) } : { path, read, real, packed };
  } catch {
    // The main thread parses it again and says what is wrong.
    return { path, read, real };
  }
}

parentPort?.on('message', (request: ParseRequest) => {
  const packer = new DocumentPacker();
  const files = request.paths.map((path) => parseOne(path, packer));
  const reply: ParseReply = { id: request.id, files };
  parentPort!.postMessage(
    reply,
    files.flatMap((f) => (f.packed ? [f.packed.ints.buffer as ArrayBuffer] : [])),
  );
});
