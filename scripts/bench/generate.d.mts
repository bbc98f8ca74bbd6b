/** Types of generate.mjs, for the TypeScript tests. */
export interface GeneratedProject {
  /** The metadata folder (holding version.yaml). */
  readonly root: string;
  /** Every file under the metadata folder, relative to it. */
  readonly files: string[];
  /** Bytes written, config.yaml included. */
  readonly bytes: number;
  /** The table file the edit benchmarks change, relative to root. */
  readonly tableFile: string;
}

export function generateProject(dir: string, options?: { tables?: number; seed?: number }): GeneratedProject;
