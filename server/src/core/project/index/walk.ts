import { get, isScalar, itemsOf, pairsOf, keyText, keySpan, scalarText, spanOf } from '../../parse/ast';
import type { YNode } from '../../parse/ast';
import type { YamlFile } from '../../parse/yamlFile';
import type { Project } from '../project';
import type { At, Loc, Named } from './types';

/** Walks the YAML of a project across includes: every step returns the node and the file it is in. */
export class Walk {
  constructor(private readonly project: Project) {}

  root(path: string): At | undefined {
    const file = this.project.files.get(path);
    return file?.yaml ? { file: path, node: file.yaml.doc.contents as YNode } : undefined;
  }

  /** The parsed file when `at` is the root of a whole file, else undefined. */
  wholeFile(at: At): YamlFile | undefined {
    const yaml = this.project.files.get(at.file)?.yaml;
    return yaml && yaml.doc.contents === at.node ? yaml : undefined;
  }

  /** Follows an include (to any depth) to the included file's root node. */
  deref(at: At): At {
    let current = at;
    for (let hops = 0; hops < 64; hops++) {
      // Only a scalar can be an include: maps and lists need no lookup (most steps of a walk).
      if (!isScalar(current.node)) return current;
      const ref = this.project.files.get(current.file)?.yaml?.includeAt.get(current.node);
      if (!ref) return current;
      const target = this.project.includeTargets.get(ref);
      if (!target?.yaml) return { file: current.file, node: undefined };
      current = { file: target.path, node: target.yaml.doc.contents };
    }
    return current;
  }

  /** The include path's location when `at` is an include, else undefined. */
  includeLoc(at: At): Loc | undefined {
    const ref = this.project.files.get(at.file)?.yaml?.includeAt.get(at.node);
    return ref ? { file: at.file, span: ref.span } : undefined;
  }

  get(at: At, key: string): At {
    const base = this.deref(at);
    return this.deref({ file: base.file, node: get(base.node, key) });
  }

  items(at: At): At[] {
    return this.rawItems(at).map((item) => this.deref(item));
  }

  /** Items without following the item includes (to know where each item was included from). */
  rawItems(at: At): At[] {
    const base = this.deref(at);
    return itemsOf(base.node).map((node) => ({ file: base.file, node }));
  }

  entries(at: At): { key: string; keyLoc: Loc; value: At }[] {
    const base = this.deref(at);
    return pairsOf(base.node).flatMap((pair) => {
      const key = keyText(pair);
      return key === undefined
        ? []
        : [{ key, keyLoc: { file: base.file, span: keySpan(pair) }, value: this.deref({ file: base.file, node: pair.value as YNode }) }];
    });
  }

  text(at: At): string | undefined {
    return scalarText(this.deref(at).node);
  }

  loc(at: At): Loc {
    return { file: at.file, span: spanOf(at.node) };
  }

  named(at: At, key = 'name'): Named | undefined {
    const value = this.get(at, key);
    const name = scalarText(value.node);
    return name === undefined ? undefined : { name, loc: this.loc(value) };
  }

  /** Scalar strings of a list (e.g. a column list), each with its location. */
  strings(at: At): Named[] {
    return this.items(at).flatMap((item) => {
      const name = scalarText(item.node);
      return name === undefined ? [] : [{ name, loc: this.loc(item) }];
    });
  }
}
