/** Track Tables…'s messages, apart from VS Code so that they are tested alone. */

export const NO_MODEL =
  'No source has a database model, so there is nothing to track. A model comes from the project’s migrations or a live database: see the graphqlMetadata.database.* settings (mode, URL per source) and the status bar.';

/** Why there is no source to pick: no model at all, or models only for sources without a tables.yaml. */
export function nothingToTrack(withoutTablesFile: readonly string[]): string {
  if (withoutTablesFile.length === 0) return NO_MODEL;
  const names = [...new Set(withoutTablesFile)];
  const one = names.length === 1;
  const example = `tables: "!include ${names[0]}/tables/tables.yaml"`;
  return `${one ? `Source ${names[0]} has` : `Sources ${names.join(', ')} have`} a database model but no tables.yaml to track tables in: give ${one ? 'it' : 'each'} one in databases.yaml (\`${example}\`, the file holding \`[]\`), then run Track Tables… again.`;
}
