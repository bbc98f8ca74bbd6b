import type { QualifiedTable } from './index/types';

/**
 * A table's (or function's) name as metadata writes it: a string (a table of schema `public`),
 * `{schema, name}` (`{dataset, name}` on BigQuery), or the parts of a data connector's name.
 */
export type WrittenName = string | readonly string[] | { readonly schema?: string; readonly dataset?: string; readonly name: string };

export function isNameParts(name: WrittenName): name is readonly string[] {
  return Array.isArray(name);
}

/**
 * The file the engine CLI writes a table or a function to (cli/internal/metadataobject/sources/util.go,
 * getTableYamlFileName): `<schema>_<name>.yaml`, the dataset when there is no schema, a data
 * connector's parts joined by `_`. Nothing is escaped: schema `a.b`, table `t` is `a.b_t.yaml`. A
 * string is a table of schema `public` (the engine's export never writes one, and the CLI could not
 * name it). The one implementation of this rule: the export, Track Tables…, the
 * `table-file-name-mismatch` rule and its quick fix (tableFromFileName) all use it.
 */
export function metadataFileName(name: WrittenName): string {
  if (typeof name === 'string') return `public_${name}.yaml`;
  if (isNameParts(name)) return `${name.join('_')}.yaml`;
  return `${name.schema || name.dataset || ''}_${name.name}.yaml`;
}

/**
 * The table `{schema, name}` a file name stands for: the inverse of metadataFileName. Schemas and
 * tables may both contain `_`, so a schema the caller prefers (or one the project knows, longest
 * first) wins over the first `_`.
 */
export function tableFromFileName(fileName: string, knownSchemas: readonly string[], prefer?: string): QualifiedTable | undefined {
  const base = fileName.replace(/\.ya?ml$/i, '');
  const schemas = [...(prefer !== undefined ? [prefer] : []), ...[...knownSchemas].sort((a, b) => b.length - a.length)];
  for (const schema of schemas) {
    const name = base.slice(schema.length + 1);
    if (schema !== '' && name !== '' && metadataFileName({ schema, name }) === `${base}.yaml`) return { schema, name };
  }
  const cut = base.indexOf('_');
  return cut > 0 && cut < base.length - 1 ? { schema: base.slice(0, cut), name: base.slice(cut + 1) } : undefined;
}
