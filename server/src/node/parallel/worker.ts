import { parentPort } from 'node:worker_threads';
import { aloneKind, composeYamlFile, DocumentPacker, kindByPlace, quickPack, schemaAlone, SchemaValidator, unpackYamlFile } from '../../core';
import type { FileKind, Finding, ReadResult, YamlFile } from '../../core';
import { createNodeHost } from '../fsHost';
import { tuneHeap } from '../heap';
import { loadSchemaSet } from '../schemas';
import type { ParsedFile, ParseReply, ParseRequest } from './messages';

/**
 * A parse worker (dist/parseWorker.js): reads the files it is sent, packs each for the main thread
 * (core/parse/packed.ts: straight from the text by the quick pack when it can, else from yaml's
 * parse) and schema-checks table and function files, whose kind their place tells and whose value
 * is their own text. Everything else stays on the main thread: the loader, the index and the
 * cross-file rules.
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
    const quick = quickPack(read.text, packer);
    if (quick) return withSchema({ path, read, real, packed: quick }, () => unpackYamlFile(path, read.text, quick, false));
    const yaml = composeYamlFile(path, read.text);
    const packed = packer.pack(yaml);
    return packed ? withSchema({ path, read, real, packed }, () => yaml) : { path, read, real };
  } catch {
    // The main thread parses it again and says what is wrong.
    return { path, read, real };
  }
}

/** The file with its schema findings when it is a table or function file without includes (`yaml`: its nodes, made only then). */
function withSchema(file: ParsedFile & { read: { kind: 'text'; text: string } }, yaml: () => YamlFile | undefined): ParsedFile {
  if (!kindByPlace(file.path)) return file;
  const parsed = yaml();
  const kind = parsed && aloneKind(parsed);
  return kind ? { ...file, kind, schema: schemaFindings(parsed, file.read.text, kind) } : file;
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
