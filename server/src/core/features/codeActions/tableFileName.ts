import type { QualifiedTable } from '../../project/index/types';

/**
 * The table a file name `<schema>_<table>.yaml` stands for. Schemas and tables may both contain `_`,
 * so a schema the caller prefers (or one the project knows, longest first) wins over the first `_`.
 */
export function tableFromFileName(fileName: string, knownSchemas: readonly string[], prefer?: string): QualifiedTable | undefined {
  const base = fileName.replace(/\.ya?ml$/i, '');
  const schemas = [...(prefer !== undefined ? [prefer] : []), ...[...knownSchemas].sort((a, b) => b.length - a.length)];
  for (const schema of schemas) {
    const prefix = `${schema.replace(/\./g, '_')}_`;
    if (schema !== '' && base.startsWith(prefix) && base.length > prefix.length) return { schema, name: base.slice(prefix.length) };
  }
  const cut = base.indexOf('_');
  return cut > 0 && cut < base.length - 1 ? { schema: base.slice(0, cut), name: base.slice(cut + 1) } : undefined;
}
