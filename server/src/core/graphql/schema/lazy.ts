import { GraphQLSchema, getNamedType, isInputObjectType, isInterfaceType, isObjectType, isUnionType } from 'graphql';
import type { GraphQLAbstractType, GraphQLInterfaceType, GraphQLNamedType, GraphQLObjectType, GraphQLSchemaConfig } from 'graphql';

/**
 * A GraphQLSchema that collects its types only as far as someone looks.
 *
 * graphql-js's constructor walks every type the roots reach, which forces every field thunk: at
 * 1,000 tables that is 40,000 types made for a check that validates a few operations. This schema
 * starts with the roots (and what every schema has: the introspection types, the directives'
 * argument types). `getType(name)` answers from the types reached so far by following the fields
 * and arguments of the query root and of every type whose fields someone already asked for
 * (validation asks for the fields along an operation's selections); a name not reached that way
 * makes it make the mutation and subscription roots' fields and look again (a query never needs
 * them); only a name still not reached makes it collect the whole map, as graphql-js's constructor would — and so does everything that needs all
 * of it (`getTypeMap`, `getPossibleTypes`, `getImplementations`, `isSubType`, `toConfig`: printing,
 * introspection, listing type names). Exact by construction: a type is answered only when it is
 * reachable from the roots, "no such type" only after the whole map is collected, and the whole map
 * is graphql-js's own, collected from the same configuration in the same order.
 *
 * The types must not change once made (the schema generator's never do), and the configuration
 * must be valid (`assumeValid`): graphql-js's validation of the schema itself is never run.
 */
export class LazySchema extends GraphQLSchema {
  private readonly config: GraphQLSchemaConfig;
  private readonly reached = new Map<string, GraphQLNamedType>();
  /** Reached types whose fields have not been followed yet (their fields were not asked for). */
  private waiting: GraphQLNamedType[] = [];
  private complete = false;
  /** Whether the mutation and subscription roots' fields were made (reachedType makes them before it gives up on a name). */
  private rootsMade = false;

  constructor(config: Omit<GraphQLSchemaConfig, 'types' | 'assumeValid'>) {
    const { query, mutation, subscription, ...rest } = config;
    super({ ...rest, assumeValid: true });
    this.config = config;
    const self = this as unknown as Internals;
    self._queryType = query ?? undefined;
    self._mutationType = mutation ?? undefined;
    self._subscriptionType = subscription ?? undefined;
    // What the constructor collected without the roots is complete (introspection, directives).
    for (const type of Object.values(self._typeMap)) this.reached.set(type.name, type);
    for (const root of [query, mutation, subscription]) if (root) this.reach(root);
  }

  /** Whether every type has been collected (for tests and benches). */
  get completed(): boolean {
    return this.complete;
  }

  override getType(name: string): GraphQLNamedType | undefined {
    const known = this.reachedType(name);
    if (known !== undefined || this.complete) return known;
    this.completeTypes();
    return super.getType(name);
  }

  /** The type of that name if it is reached without collecting every type; undefined: none, or not known yet. */
  reachedType(name: string): GraphQLNamedType | undefined {
    if (this.complete) return super.getType(name);
    const known = this.reached.get(name) ?? (this.follow(), this.reached.get(name));
    if (known !== undefined || this.rootsMade) return known;
    // Not reached from the fields made so far: the mutation and subscription roots' fields first
    // (made only when someone reads them: a query never does), then look again.
    this.rootsMade = true;
    for (const root of [this.config.mutation, this.config.subscription]) root?.getFields();
    this.follow();
    return this.reached.get(name);
  }

  /**
   * A view of this schema that never collects every type: its getType answers what is reached and
   * adds each name it cannot answer to `undecided` (the name may still be a type). For questions a
   * missing type cannot change the answer of (validate.ts runsOperation).
   */
  peek(undecided: Set<string>): GraphQLSchema {
    const view = Object.create(this) as GraphQLSchema & { [UNDECIDED]?: Set<string> };
    view[UNDECIDED] = undecided;
    view.getType = (name) => {
      const found = this.reachedType(name);
      if (found === undefined && !this.complete) undecided.add(name);
      return found;
    };
    // What needs every type is this schema's (collected on this schema, never on the view).
    view.getTypeMap = () => this.getTypeMap();
    view.getPossibleTypes = (type) => this.getPossibleTypes(type);
    view.getImplementations = (type) => this.getImplementations(type);
    view.isSubType = (type, sub) => this.isSubType(type, sub);
    view.toConfig = () => this.toConfig();
    return view;
  }

  override getTypeMap(): ReturnType<GraphQLSchema['getTypeMap']> {
    this.completeTypes();
    return super.getTypeMap();
  }

  override getPossibleTypes(abstractType: GraphQLAbstractType): readonly GraphQLObjectType[] {
    this.completeTypes();
    return super.getPossibleTypes(abstractType);
  }

  override getImplementations(interfaceType: GraphQLInterfaceType): { objects: readonly GraphQLObjectType[]; interfaces: readonly GraphQLInterfaceType[] } {
    this.completeTypes();
    return super.getImplementations(interfaceType);
  }

  override isSubType(abstractType: GraphQLAbstractType, maybeSubType: GraphQLObjectType | GraphQLInterfaceType): boolean {
    this.completeTypes();
    return super.isSubType(abstractType, maybeSubType);
  }

  override toConfig(): ReturnType<GraphQLSchema['toConfig']> {
    this.completeTypes();
    return super.toConfig();
  }

  /** Collects every type as graphql-js's constructor does (the same walk, the same order). */
  private completeTypes(): void {
    if (!this.complete) {
      const full = new GraphQLSchema({ ...this.config, assumeValid: true });
      const from = full as unknown as Internals;
      const self = this as unknown as Internals;
      self._typeMap = from._typeMap;
      self._subTypeMap = from._subTypeMap;
      self._implementationsMap = from._implementationsMap;
      this.complete = true;
      this.waiting = [];
    }
  }

  private reach(type: GraphQLNamedType): void {
    const seen = this.reached.get(type.name);
    if (seen === type) return;
    // graphql-js's constructor refuses two types of one name; so does this schema, when it meets them.
    if (seen !== undefined) throw new Error(`Schema must contain uniquely named types but contains multiple types named "${type.name}".`);
    this.reached.set(type.name, type);
    this.waiting.push(type);
  }

  /**
   * Follows the fields and arguments of the reached types that can be followed without making
   * anything: the query root (validation of a query asks for its fields first thing), and every
   * type whose fields were already made (the mutation and subscription roots among them once made).
   */
  private follow(): void {
    const roots = new Set<unknown>([this.config.query]);
    for (let progress = true; progress;) {
      progress = false;
      const next: GraphQLNamedType[] = [];
      for (const type of this.waiting.splice(0)) {
        if (!roots.has(type) && !made(type)) next.push(type);
        else {
          progress = true;
          for (const t of referenced(type)) this.reach(t);
        }
      }
      this.waiting.push(...next);
    }
  }
}

const UNDECIDED = Symbol('undecided');

/** The names a view made by `peek` could not answer yet (undefined: not such a view). */
export function undecidedNames(schema: GraphQLSchema): Set<string> | undefined {
  return (schema as { [UNDECIDED]?: Set<string> })[UNDECIDED];
}

/** The base class's fields this schema sets (graphql-js declares them private). */
interface Internals {
  _queryType: GraphQLObjectType | undefined;
  _mutationType: GraphQLObjectType | undefined;
  _subscriptionType: GraphQLObjectType | undefined;
  _typeMap: ReturnType<GraphQLSchema['getTypeMap']>;
  _subTypeMap: unknown;
  _implementationsMap: unknown;
}

/**
 * Whether following a type's references makes nothing new: a leaf, or one whose fields (members)
 * were asked for already (graphql-js keeps a thunk there until then; interfaces are a list).
 */
function made(type: GraphQLNamedType): boolean {
  const thunks = type as unknown as { _fields?: unknown; _types?: unknown };
  if (isObjectType(type) || isInterfaceType(type) || isInputObjectType(type)) return typeof thunks._fields !== 'function';
  if (isUnionType(type)) return typeof thunks._types !== 'function';
  return true;
}

/** The named types a type refers to, as graphql-js's collectReferencedTypes follows them. */
function referenced(type: GraphQLNamedType): GraphQLNamedType[] {
  const out: GraphQLNamedType[] = [];
  if (isUnionType(type)) out.push(...type.getTypes());
  else if (isObjectType(type) || isInterfaceType(type)) {
    out.push(...type.getInterfaces());
    for (const field of Object.values(type.getFields())) {
      out.push(getNamedType(field.type));
      for (const arg of field.args) out.push(getNamedType(arg.type));
    }
  } else if (isInputObjectType(type)) for (const field of Object.values(type.getFields())) out.push(getNamedType(field.type));
  return out;
}
