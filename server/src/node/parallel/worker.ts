import { parentPort } from 'node:worker_threads';
import type { Finding } from '../../core/diagnostics';
import type { ReadResult } from '../../core/host';
import { DocumentPacker } from '../../core/parse/packed';
import type { PackedDoc } from '../../core/parse/packed';
import { parseYamlFile } from '../../core/parse/yamlFile';
import type { YamlFile } from '../../core/parse/yamlFile';
import type { FileKind } from '../../core/project/kinds';
import type { Project, ProjectFile } from '../../core/project/project';
import { SchemaValidator } from '../../core/schema/validator';
import { dirname } from '../../core/util/paths';
import { createNodeHost } from '../fsHost';
import { tuneHeap } from '../heap';
import { loadSchemaSet } from '../schemas';
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

/** The kind a file has by its place, when that cannot depend on what includes it. */
function kindByPlace(path: string): FileKind | undefined {
  const match = /\/databases\/[^/]+\/(tables|functions)\/([^/]+)\.ya?ml$/i.exec(path);
  if (!match || match[2] === match[1]) return undefined;
  return match[1] === 'tables' ? 'table' : 'function';
}

function schemaFindings(yaml: YamlFile, read: string, kind: FileKind): readonly Finding[] {
  validator ??= new SchemaValidator(loadSchemaSet());
  const file: ProjectFile = { path: yaml.path, kind, yaml, text: read, includedBy: [], unreferenced: false };
  const project: Project = { root: dirname(yaml.path), files: new Map([[yaml.path, file]]), findings: [], includeTargets: new Map(), unreferenced: [] };
  return validator.validate(project, file);
}

function parseOne(path: string, packer: DocumentPacker): ParsedFile {
  const read: ReadResult = host.readFile(path);
  const real = host.realPath(path);
  if (read.kind !== 'text') return { path, read, real };
  try {
    const yaml = parseYamlFile(path, read.text);
    const packed: PackedDoc | undefined = packer.pack(yaml);
    if (!packed) return { path, read, real };
    const kind = yaml.includes.length === 0 ? kindByPlace(path) : undefined;
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
