/** Shared by the extension's status bar and the CLI's stderr. No imports: the CLI bundle stays free of the LSP libraries. */

/** A database status (RootStatus.databases) that says no model was wanted or possible (`off`, `no migrations`, `no model for mssql sources`): not worth a line of its own. */
export function isQuietStatus(status: string): boolean {
  return /^(off|no migrations|no model for )/.test(status);
}
