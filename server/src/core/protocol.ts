/**
 * The one typed protocol shared by the VS Code client and the language server: custom
 * notification/request names and their payloads. Plain types only (no LSP or vscode imports),
 * so both sides and the tests can use it.
 */

/** Server -> client: the state of the metadata roots, for the status bar. */
export const statusNotification = 'graphqlMetadata/status';

export interface RootStatus {
  /** Absolute path of the metadata root folder (the one holding version.yaml). */
  readonly root: string;
  readonly errors: number;
  readonly warnings: number;
  /** Files of the root that were read (YAML + GraphQL). */
  readonly files: number;
}

export interface StatusParams {
  /** 'checking' while a check is under way, 'ready' when all diagnostics of this pass are out. */
  readonly state: 'checking' | 'ready';
  readonly roots: readonly RootStatus[];
  /** Folders that hold a version.yaml that is not a config v3 root, with the reason. */
  readonly problems: readonly { readonly path: string; readonly message: string }[];
}

/** Client -> server: list the metadata roots the server knows (used by commands). */
export const listRootsRequest = 'graphqlMetadata/listRoots';
export interface ListRootsResult {
  readonly roots: readonly string[];
}
