import { Alias, isAlias, isCollection, isPair, isScalar } from 'yaml';
import type { Document, Node } from 'yaml';
import type { Span } from '../diagnostics';

/**
 * Limits on what the aliases (`*name`) of one file may expand to. Real metadata has no aliases at
 * all (none in the 26 corpus projects); a hand-written file that shares a few filters stays far
 * below. The first is the schema check's own alias budget (schema/toValue.ts), so a file within it
 * is always expanded in full; the second bounds the size of that expansion.
 */
export const MAX_ALIAS_EXPANSIONS = 10_000;
export const MAX_ALIAS_NODES = 200_000;

/** What expanding every alias of a document costs, why it never ends, or an alias that names no anchor. */
export type AliasProblem =
  | { readonly kind: 'cycle'; readonly alias: Alias; readonly span: Span }
  | { readonly kind: 'unknown'; readonly alias: Alias; readonly span: Span }
  /** `nodes`: how many nodes the aliases add to the file's own. */
  | { readonly kind: 'too-many'; readonly expansions: number; readonly nodes: number; readonly span: Span };

type Counted = { readonly expansions: number; readonly nodes: number };
const NOTHING: Counted = { expansions: 0, nodes: 0 };
const SCALAR: Counted = { expansions: 0, nodes: 1 };

/**
 * Resolves every alias of `doc` once, as `Alias.resolve` does (the last node before it, in document
 * order, with that anchor), and counts what a full expansion does: alias resolutions and nodes.
 * Aliases of the document then resolve in O(1): the yaml package walks the whole document on every
 * `alias.resolve(doc)`, which the schema check calls for each alias it expands.
 */
export function checkAliases(doc: Document.Parsed): AliasProblem | undefined {
  const anchors = new Map<string, Node>();
  const counted = new Map<Node, Counted>();
  const aliases: Alias[] = [];
  let cycle: Alias | undefined;
  let unknown: Alias | undefined;
  const count = (node: unknown): Counted => {
    if (isAlias(node)) {
      aliases.push(node);
      const target = anchors.get(node.source);
      if (!target) {
        unknown ??= node;
        return { expansions: 1, nodes: 0 };
      }
      pinTarget(node, doc, target);
      // The target is counted before the alias, unless the alias is inside it.
      const inner = counted.get(target);
      if (!inner) cycle ??= node;
      return { expansions: 1 + (inner?.expansions ?? 0), nodes: inner?.nodes ?? 0 };
    }
    if (isScalar(node)) {
      if (node.anchor) anchors.set(node.anchor, node);
      counted.set(node, SCALAR);
      return SCALAR;
    }
    if (!isCollection(node)) return NOTHING;
    if (node.anchor) anchors.set(node.anchor, node);
    let expansions = 0;
    let nodes = 1;
    const add = (child: unknown): void => {
      const c = count(child);
      expansions += c.expansions;
      nodes += c.nodes;
    };
    for (const item of node.items) {
      if (isPair(item)) {
        add(item.key);
        add(item.value);
      } else add(item);
    }
    const result = { expansions, nodes };
    counted.set(node, result);
    return result;
  };
  const total = count(doc.contents);
  if (cycle) return { kind: 'cycle', alias: cycle, span: spanOf(cycle) };
  // `counted` holds each node written in the file once; the rest of `total.nodes` is what aliases add.
  if (aliases.length > 0 && (total.expansions > MAX_ALIAS_EXPANSIONS || total.nodes - counted.size > MAX_ALIAS_NODES)) {
    return { kind: 'too-many', expansions: total.expansions, nodes: total.nodes - counted.size, span: spanOf(aliases[0]!) };
  }
  return unknown ? { kind: 'unknown', alias: unknown, span: spanOf(unknown) } : undefined;
}

function spanOf(alias: Alias): Span {
  const [start, end] = alias.range ?? [0, 0];
  return { start, end: Math.max(end, start) };
}

/** `alias.resolve(doc)` answers from the target found here; other documents and toJS contexts go to yaml. */
function pinTarget(alias: Alias, doc: Document.Parsed, target: Node): void {
  const resolve: Alias['resolve'] = function (this: Alias, d, ctx) {
    return d === doc && ctx === undefined ? (target as ReturnType<Alias['resolve']>) : Alias.prototype.resolve.call(this, d, ctx);
  };
  Object.defineProperty(alias, 'resolve', { value: resolve, configurable: true, writable: true });
}
