/** Shared by the extension's status bar and the CLI's stderr. No imports: the CLI bundle stays free of the LSP libraries. */

/** A database status (RootStatus.databases) that says no model was wanted or possible (`off`, `no migrations`, `no model for mssql sources`): not worth a line of its own. */
export function isQuietStatus(status: string): boolean {
  return /^(off|no migrations|no model for )/.test(status);
}

/** Whether a source of some root has a database model (the `graphqlMetadata.hasDatabaseModel` context key: Track Tables… can run). */
export function hasDatabaseModel(status: { readonly roots: readonly { readonly databases?: readonly { readonly model: boolean }[] }[] }): boolean {
  return status.roots.some((r) => r.databases?.some((d) => d.model) === true);
}
