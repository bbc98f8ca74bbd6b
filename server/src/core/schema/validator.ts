import Ajv from 'ajv';
import type { ErrorObject, ValidateFunction } from 'ajv';
import type { Finding, Span } from '../diagnostics';
import { pairsOf, spanOf } from '../parse/ast';
import type { Project, ProjectFile } from '../project/project';
import { pickBranchErrors } from './branches';
import { IgnoredKeyFinder } from './ignoredKeys';
import type { IgnoredKey } from './ignoredKeys';
import { locate } from './locate';
import type { Located } from './locate';
import { messageFor } from './messages';
import { AliasBudgetExceeded, fileValue, UNRESOLVED } from './toValue';

/** ajv options; scripts/build.mjs generates dist/validators.js with the same ones. */
export const AJV_OPTIONS = { allErrors: true, strict: false, verbose: true } as const;

/** The schemas of schemas/*.json and which one validates each file kind. */
export interface SchemaSet {
  readonly schemas: readonly object[];
  /** File kind -> `$id` of its schema. */
  readonly kinds: Readonly<Record<string, string>>;
  /** Validators generated at build time (ajv standalone, dist/validators.js), by kind. */
  readonly precompiled?: Readonly<Record<string, ValidateFunction>>;
}

/** Compiles the schemas once; validates files of every kind and maps errors to YAML nodes. */
export class SchemaValidator {
  private ajv: Ajv | undefined;
  private readonly compiled = new Map<string, ValidateFunction | undefined>();
  private readonly cache = new WeakMap<object, readonly Finding[]>();
  private readonly fragmentFree = new WeakMap<object, boolean>();
  /** Findings made elsewhere (a worker thread) for a file without includes, and the kind they were made for. */
  private readonly primed = new WeakMap<object, { readonly kind: string; readonly findings: readonly Finding[] }>();
  private readonly byId: ReadonlyMap<string, object>;
  private readonly ignoredKeys: IgnoredKeyFinder;

  constructor(private readonly set: SchemaSet) {
    this.byId = new Map(set.schemas.map((s) => [(s as { $id?: string }).$id ?? '', s]));
    this.ignoredKeys = new IgnoredKeyFinder((id) => this.byId.get(id));
  }

  /** The validator of a kind: generated at build time when available, else compiled once here. */
  validator(kind: string): ValidateFunction | undefined {
    if (!this.compiled.has(kind)) {
      const id = this.set.kinds[kind];
      this.compiled.set(kind, this.set.precompiled?.[kind] ?? (id ? this.compiler().getSchema(id) : undefined));
    }
    return this.compiled.get(kind);
  }

  private compiler(): Ajv {
    if (!this.ajv) {
      this.ajv = new Ajv(AJV_OPTIONS);
      for (const schema of this.set.schemas) this.ajv.addSchema(schema);
    }
    return this.ajv;
  }

  /** The schema (as JSON) that describes a kind, for hover and completion. */
  schemaOf(kind: string): object | undefined {
    const id = this.set.kinds[kind];
    return id ? this.byId.get(id) : undefined;
  }

  /** A schema by its `$id` (to follow `$ref`s between schema files). */
  schemaById(id: string): object | undefined {
    return this.byId.get(id);
  }

  validate(project: Project, file: ProjectFile): readonly Finding[] {
    const validate = this.validator(file.kind);
    if (!validate || !file.yaml || file.yaml.doc.errors.length > 0) return [];
    const primed = this.primed.get(file.yaml);
    if (primed?.kind === file.kind) return primed.findings;
    const cacheable = this.withoutFragments(project, file.yaml);
    const cached = cacheable ? this.cache.get(file.yaml) : undefined;
    if (cached) return cached;
    const findings = this.run(validate, project, file);
    if (cacheable) this.cache.set(file.yaml, findings);
    return findings;
  }

  /**
   * The findings of a file checked elsewhere with the same schemas (a worker thread validates the
   * table files it parses), for `validate` to return when the file has that kind. Only files
   * without includes: their value depends on their own text alone.
   */
  prime(yaml: NonNullable<ProjectFile['yaml']>, kind: string, findings: readonly Finding[]): void {
    if (yaml.includes.length === 0) this.primed.set(yaml, { kind, findings });
  }

  /** Whether a parsed file includes no fragment (its value then depends on its own text alone); once per parse. */
  private withoutFragments(project: Project, yaml: NonNullable<ProjectFile['yaml']>): boolean {
    let known = this.fragmentFree.get(yaml);
    if (known === undefined) {
      known = !yaml.includes.some((ref) => project.includeTargets.get(ref)?.kind === 'fragment');
      this.fragmentFree.set(yaml, known);
    }
    return known;
  }

  private run(validate: ValidateFunction, project: Project, file: ProjectFile): Finding[] {
    let value: unknown;
    try {
      value = fileValue(project, file);
    } catch (error) {
      if (!(error instanceof AliasBudgetExceeded)) throw error;
      return [
        {
          code: 'yaml-alias-limit',
          severity: 'error',
          message: 'This file expands too many aliases (or nests too deeply) to be checked; it looks like an alias bomb.',
          file: file.path,
          span: { start: 0, end: 0 },
        },
      ];
    }
    if (value === null || value === undefined) return emptyFile(file);
    const ignored = this.ignoredKeyFindings(project, file, value);
    if (validate(value)) return ignored;
    return [...this.listed(project, file, pickBranchErrors(validate.errors ?? [])), ...ignored];
  }

  /**
   * The findings of the first MAX_SCHEMA_FINDINGS errors, then one that counts the rest, at the
   * first of them: a file of 70,000 unknown keys took 2 s to describe, each with its suggestion, and
   * no one reads that many.
   */
  private listed(project: Project, file: ProjectFile, errors: readonly ErrorObject[]): Finding[] {
    const out: Finding[] = [];
    let i = 0;
    for (; i < errors.length && out.length < MAX_SCHEMA_FINDINGS; i++) out.push(...this.toFinding(project, file, errors[i]!));
    const rest = errors.length - i;
    let next: Finding | undefined;
    for (let j = i; j < errors.length && next === undefined; j++) next = this.toFinding(project, file, errors[j]!)[0];
    if (next === undefined) return out;
    const message = `${rest.toLocaleString('en-US')} more schema error${rest === 1 ? '' : 's'} in this file from here on ${rest === 1 ? 'is' : 'are'} not listed.`;
    return [...out, { code: next.code, severity: 'error', message, file: next.file, span: next.span }];
  }

  /** Warnings for near misses of known keys in objects whose engine parser skips unknown keys. */
  private ignoredKeyFindings(project: Project, file: ProjectFile, value: unknown): Finding[] {
    const schema = this.schemaOf(file.kind);
    if (!schema) return [];
    return this.ignoredKeys.find(value, schema).flatMap((ignored) => this.ignoredKeyFinding(project, file, ignored));
  }

  private ignoredKeyFinding(project: Project, file: ProjectFile, { path, key, suggestion }: IgnoredKey): Finding[] {
    const located = locate(project, file.path, `${path}/${escape(key)}`);
    if (located.unresolved || !located.keySpan) return [];
    const message = `The engine ignores \`${key}\`${where(path)}: it is not a key it reads here. Did you mean \`${suggestion}\`?`;
    return [{ code: 'schema-ignored-key', severity: 'warning', message, file: located.file, span: located.keySpan, data: { key, suggestion } }];
  }

  private toFinding(project: Project, file: ProjectFile, error: ErrorObject): Finding[] {
    const missingKey =
      error.keyword === 'additionalProperties' ? `/${escape(String((error.params as { additionalProperty: string }).additionalProperty))}` : '';
    const located = locate(project, file.path, error.instancePath + missingKey);
    if (located.unresolved || error.data === UNRESOLVED) return [];
    const { code, message, data } = messageFor(error, error.data, where(error.instancePath));
    return [{ code, severity: 'error', message, file: located.file, span: spanFor(error, located), data: { ...data, schemaPath: error.schemaPath } }];
  }
}

/** Schema findings listed per file (the rest are counted in one more). */
export const MAX_SCHEMA_FINDINGS = 1000;

function emptyFile(file: ProjectFile): Finding[] {
  const listKinds = new Set([
    'databases',
    'tables',
    'functions',
    'allow_list',
    'query_collections',
    'cron_triggers',
    'remote_schemas',
    'inherited_roles',
    'rest_endpoints',
  ]);
  if (listKinds.has(file.kind) || file.kind === 'fragment') return [];
  return [
    { code: 'file-empty', severity: 'warning', message: `This ${file.kind.replace(/_/g, ' ')} file is empty.`, file: file.path, span: { start: 0, end: 0 } },
  ];
}

function escape(key: string): string {
  return key.replace(/~/g, '~0').replace(/\//g, '~1');
}

/** A readable path: `object_relationships[1].using`. */
function where(instancePath: string): string {
  if (instancePath === '') return '';
  const dotted = instancePath
    .slice(1)
    .split('/')
    .map((s) => (/^\d+$/.test(s) ? `[${s}]` : `.${s.replace(/~1/g, '/').replace(/~0/g, '~')}`))
    .join('')
    .replace(/^\./, '');
  return ` at \`${dotted}\``;
}

/** What each kind of error underlines: the unknown key, the object missing a key, or the value. */
function spanFor(error: ErrorObject, at: Located): Span {
  if (error.keyword === 'additionalProperties') return at.keySpan ?? spanOf(at.node);
  if (error.keyword === 'required') return at.keySpan ?? firstKeySpan(at) ?? spanOf(at.node);
  if (at.node === null || at.node === undefined) return at.keySpan ?? { start: 0, end: 0 };
  return spanOf(at.node);
}

function firstKeySpan(at: Located): Span | undefined {
  const first = pairsOf(at.node)[0];
  return first ? spanOf(first.key as Parameters<typeof spanOf>[0]) : undefined;
}
