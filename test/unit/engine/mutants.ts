import { isMap, isPair, isScalar, isSeq, parseDocument, Scalar } from 'yaml';
import type { Document, Node, Pair, YAMLMap } from 'yaml';

/** The kinds of single mutations the differential makes. */
export const MUTATION_KINDS = ['delete-required-key', 'change-type', 'enum-near-miss', 'key-typo-root', 'key-typo-nested'] as const;
export type MutationKind = (typeof MUTATION_KINDS)[number];

export interface Mutant {
  readonly kind: MutationKind;
  /** The file changed (its path in the project). */
  readonly file: string;
  /** Where in the file: keys and indexes from its root, e.g. `select_permissions.0.permission.filter`. */
  readonly at: string;
  /** What was done, for the report: `deleted filter`, `checks <- check`, `"synchronou" <- "synchronous"`. */
  readonly change: string;
  readonly text: string;
}

/** A small seeded generator (mulberry32): the same seed gives the same mutants on every run. */
export function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Site {
  readonly pair: Pair<Scalar, Node | null>;
  readonly parent: YAMLMap;
  readonly path: readonly (string | number)[];
  /** Depth of the mapping that holds the pair: 0 at a file's root (or a root list's items). */
  readonly depth: number;
}

/** Every key/value pair of a document with where it is; include strings and tags are left alone. */
function sites(doc: Document): Site[] {
  const out: Site[] = [];
  const visit = (node: unknown, path: readonly (string | number)[], depth: number): void => {
    if (isSeq(node)) node.items.forEach((item, i) => visit(item, [...path, i], path.length === 0 ? depth : depth + 1));
    else if (isMap(node)) {
      for (const pair of node.items) {
        if (!isPair(pair) || !isScalar(pair.key)) continue;
        const key = String(pair.key.value);
        const site = { pair: pair as Pair<Scalar, Node | null>, parent: node, path: [...path, key], depth };
        if (!isInclude(pair.value)) out.push(site);
        visit(pair.value, site.path, depth + 1);
      }
    }
  };
  visit(doc.contents, [], 0);
  return out;
}

function isInclude(node: unknown): boolean {
  return isScalar(node) && (node.tag === '!include' || (typeof node.value === 'string' && node.value.includes('!include')));
}

/** A near-miss spelling: an `s` added or removed at the end, or (for short words) one letter doubled. */
export function typo(word: string): string {
  if (word.endsWith('s') && word.length > 3) return word.slice(0, -1);
  if (word.length > 3) return `${word}s`;
  return word.slice(0, 1) + word.slice(0, 1) + word.slice(1);
}

/** What the mutations aim at: the strings enums allow, the keys schemas require. */
export interface Targets {
  readonly enums: ReadonlySet<string>;
  readonly required: ReadonlySet<string>;
}

/** One mutant of a file's text, or undefined when the file offers no place for this kind. */
export function mutate(file: string, text: string, kind: MutationKind, { enums, required }: Targets, rnd: () => number): Mutant | undefined {
  const doc = parseDocument(text);
  if (doc.errors.length > 0) return undefined;
  const all = sites(doc);
  const pick = <T>(list: readonly T[]): T | undefined => (list.length === 0 ? undefined : list[Math.floor(rnd() * list.length)]);
  const done = (site: Site, change: string): Mutant => ({ kind, file, at: site.path.join('.'), change, text: doc.toString() });
  switch (kind) {
    case 'delete-required-key': {
      const site = pick(all.filter((s) => required.has(String(s.pair.key.value))));
      if (!site) return undefined;
      site.parent.items.splice(site.parent.items.indexOf(site.pair), 1);
      return done(site, `deleted ${String(site.pair.key.value)}`);
    }
    case 'change-type': {
      const site = pick(all);
      if (!site) return undefined;
      const value = site.pair.value;
      const was = isScalar(value) ? typeof value.value : isMap(value) ? 'mapping' : isSeq(value) ? 'list' : 'null';
      const now = was === 'string' ? 12345 : was === 'mapping' || was === 'list' ? 'text' : was === 'null' ? 12345 : 'text';
      site.pair.value = doc.createNode(now);
      return done(site, `${was} -> ${typeof now}`);
    }
    case 'enum-near-miss': {
      const site = pick(all.filter((s) => isScalar(s.pair.value) && typeof s.pair.value.value === 'string' && enums.has(s.pair.value.value)));
      if (!site) return undefined;
      const scalar = site.pair.value as Scalar<string>;
      const was = scalar.value;
      scalar.value = was.length > 2 ? was.slice(0, -1) : `${was}x`;
      return done(site, `${JSON.stringify(scalar.value)} <- ${JSON.stringify(was)}`);
    }
    case 'key-typo-root':
    case 'key-typo-nested': {
      const site = pick(all.filter((s) => (kind === 'key-typo-root' ? s.depth === 0 : s.depth > 0)));
      if (!site) return undefined;
      const was = String(site.pair.key.value);
      const now = typo(was);
      if (site.parent.items.some((p) => isPair(p) && isScalar(p.key) && p.key.value === now)) return undefined;
      site.pair.key = new Scalar(now);
      return done(site, `${now} <- ${was}`);
    }
  }
}
