/**
 * The setting `graphqlMetadata.operationsRole`, read the one way the extension (its status bar
 * item) and the language server (the GraphQL features of collections) both read it. No imports.
 */

/** The role a value of the setting names: a non-empty string, trimmed; else admin. */
export function operationsRoleFrom(value: unknown): string {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : 'admin';
}
