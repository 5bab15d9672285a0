// One tree walk for the whole-file searches of every detector running on a file. Each `root.findAll` walks the whole
// tree (on a 1.5 MB bundle about 50 ms, however few nodes match), and a file with most detectors active was walked
// some forty times. The engine hands the searches the active detectors declare (Detector.finds) to prefetchFinds once
// per file: rules naming different node kinds share one findAll (`any` of them), and the kind of each node found says
// which rule found it; rules taking every node of a kind share it, and so do rules of one kind whose decision a
// JavaScript test repeats (rule-emulation.ts). findAllOf then answers a declared search from those walks, and any other search by its own walk.
// The answer is exactly root.findAll({ rule }): the same nodes, in the same (document) order.
import type { NapiConfig, SgNode } from '@ast-grep/napi';
import { emulationOfKind } from './rule-emulation.ts';
import { TreeMap } from './tree-memo.ts';

export type FindRule = NapiConfig['rule'];

// Per tree (tree-memo.ts: the answers go when the tree does). Keyed by the rule object itself (a module constant).
const prefetched = new TreeMap<Map<FindRule, SgNode[]>>();

const patterned = new WeakMap<FindRule, boolean>();

/** Whether a rule writes a pattern anywhere: asked once per rule (a module constant), not once per file. */
function hasPattern(rule: FindRule): boolean {
  let found = patterned.get(rule);
  if (found === undefined) patterned.set(rule, (found = JSON.stringify(rule).includes('"pattern"')));
  return found;
}

/** The kinds a rule's top level names (`kind`, or an `any` of kinds only), or undefined when it could match others. */
function topKinds(rule: FindRule): ReadonlySet<string> | undefined {
  if (typeof rule.kind === 'string') return new Set([rule.kind]);
  const any = rule.any;
  if (!any || any.length === 0 || !any.every((r) => typeof r.kind === 'string')) return undefined;
  return new Set(any.map((r) => r.kind as string));
}

const isBareKind = (rule: FindRule): boolean => typeof rule.kind === 'string' && Object.keys(rule).length === 1;

/** The kinds of which a rule takes every node: a bare `{ kind }`, or the bare kinds of a rule that is only an `any`. */
function bareKinds(rule: FindRule): ReadonlySet<string> {
  if (isBareKind(rule)) return new Set([rule.kind as string]);
  if (Object.keys(rule).length !== 1 || !rule.any) return new Set();
  return new Set(rule.any.filter(isBareKind).map((r) => r.kind as string));
}

/** Per kind in a layer: the one rule deciding which nodes of that kind it holds, the rules taking every node of it, and
 *  rules whose decision a JavaScript test repeats (rule-emulation.ts) so that several may share the kind. */
interface Held { decided?: FindRule; every: FindRule[]; tested: { rule: FindRule; test: (node: SgNode) => boolean }[] }
interface Layer { rules: FindRule[]; byKind: Map<string, Held> }

/** How a rule takes the nodes of one of its kinds: all of them, by a test JavaScript can repeat, or by its own say. */
type Claim = 'every' | 'tested' | 'decided';

function claimOf(rule: FindRule, kind: string, every: ReadonlySet<string>): Claim {
  if (every.has(kind)) return 'every';
  return testOf(rule, kind) ? 'tested' : 'decided';
}

/** The JavaScript test deciding a rule's nodes of one kind: the rule's own, or that of the one `any` branch naming it
 *  (with the rule's other conditions, when it has some beside the `any`). */
function testOf(rule: FindRule, kind: string): ((node: SgNode) => boolean) | undefined {
  return emulationOfKind(rule, kind);
}

/**
 * Whether `rule` can share the layer's walk, a node's kind still saying which rules it belongs to: a kind the rule
 * decides on (a condition beyond the kind) must be new to the layer; a kind of which it takes every node, or which
 * its JavaScript test decides, may be shared with other such rules (the test sorts the nodes of the kind).
 */
function fits(layer: Layer, kinds: ReadonlySet<string>, every: ReadonlySet<string>, rule: FindRule): boolean {
  return layer.byKind.size > 0 && [...kinds].every((k) => {
    const held = layer.byKind.get(k);
    if (!held) return true;
    const claim = claimOf(rule, k, every);
    // A test beside a rule taking every node of the kind would run on every node of it, in JavaScript, each question
    // of a node a call into the tree (some 10 µs a node and test): on common kinds (if statements, functions) that cost
    // more than a second walk, where ast-grep decides the tested rule's nodes itself.
    const mixed = (claim === 'every' && held.tested.length > 0) || (claim === 'tested' && held.every.length > 0);
    return claim !== 'decided' && !held.decided && !mixed;
  });
}

function join(layer: Layer, rule: FindRule, kinds: ReadonlySet<string>, every: ReadonlySet<string>): void {
  layer.rules.push(rule);
  for (const k of kinds) {
    let held = layer.byKind.get(k);
    if (!held) layer.byKind.set(k, (held = { every: [], tested: [] }));
    const claim = claimOf(rule, k, every);
    if (claim === 'every') held.every.push(rule);
    else if (claim === 'tested') held.tested.push({ rule, test: testOf(rule, k)! });
    else held.decided = rule;
  }
}

/**
 * Rules in layers where a node's kind says which rules of the layer it belongs to: one walk per layer. A rule whose
 * kinds are not known takes a layer of its own. An optional rule only joins a layer the others opened: it is worth
 * prefetching when that costs no walk of its own.
 */
function layers(rules: readonly FindRule[], optional: readonly FindRule[]): Layer[] {
  const out: Layer[] = [];
  const place = (rule: FindRule, mayOpen: boolean) => {
    const kinds = topKinds(rule);
    const every = bareKinds(rule);
    const layer = kinds ? out.find((l) => fits(l, kinds, every, rule)) : undefined;
    if (layer) join(layer, rule, kinds!, every);
    else if (mayOpen) {
      const opened: Layer = { rules: [], byKind: new Map() };
      if (kinds) join(opened, rule, kinds, every);
      else opened.rules.push(rule);
      out.push(opened);
    }
  };
  for (const rule of rules) place(rule, true);
  for (const rule of optional) if (!rules.includes(rule)) place(rule, false);
  return out;
}

// The layers depend only on which rules a file's active detectors declare, and files share a handful of such sets:
// planned once per set instead of once per file (the planning's sets and tests cost about as much as a small walk).
const plans = new Map<string, Layer[]>();
const ruleIds = new WeakMap<FindRule, number>();
let nextRuleId = 0;

/** The layers of `layers(rules, optional)`, planned once per list of rules (rules are module constants). */
function plannedLayers(rules: readonly FindRule[], optional: readonly FindRule[]): Layer[] {
  const id = (rule: FindRule): number => {
    let n = ruleIds.get(rule);
    if (n === undefined) ruleIds.set(rule, (n = nextRuleId++));
    return n;
  };
  const key = `${rules.map(id).join(',')}|${optional.map(id).join(',')}`;
  let plan = plans.get(key);
  if (!plan) plans.set(key, (plan = layers(rules, optional)));
  return plan;
}

/**
 * Finds the nodes of every rule in as few walks of root's tree as the rules' kinds allow and keeps them for
 * findAllOf. Rules naming different kinds share a walk: a node matching `any` of them matches the rule deciding its
 * kind, or every rule taking all nodes of its kind. `optional` rules are found only where they share a walk.
 */
export function prefetchFinds(root: SgNode, rules: readonly FindRule[], optional: readonly FindRule[] = []): void {
  const byRule = walkedFinds(root, rules, optional);
  if (byRule) prefetched.set(root.getRoot(), byRule);
}

/** The nodes of each rule (patterned rules left out) from the planned layers' walks, or undefined when there is no
 *  rule to walk for or a walk found a node of a kind none of its rules names (then none of it is trusted). */
function walkedFinds(root: SgNode, rules: readonly FindRule[], optional: readonly FindRule[]): Map<FindRule, SgNode[]> | undefined {
  // A rule with patterns may capture metavariables, which the rules of one combined search would share: left to its own walk.
  const unique = [...new Set(rules)].filter((rule) => !hasPattern(rule));
  if (unique.length === 0) return undefined;
  const byRule = new Map<FindRule, SgNode[]>();
  for (const layer of plannedLayers(unique, optional.filter((rule) => !hasPattern(rule)))) {
    if (layer.rules.length === 1) {
      byRule.set(layer.rules[0]!, root.findAll({ rule: layer.rules[0]! }));
      continue;
    }
    const found = new Map<FindRule, SgNode[]>(layer.rules.map((rule) => [rule, []]));
    for (const node of root.findAll({ rule: { any: layer.rules } })) {
      const held = layer.byKind.get(String(node.kind()));
      // Every node found has a kind of the layer's rules; one that has not would mean the walk cannot be trusted.
      if (!held) return undefined;
      if (held.decided) found.get(held.decided)!.push(node);
      for (const rule of held.every) found.get(rule)!.push(node);
      // A lone tested rule found the node itself; beside others, its test says whether the node is its own.
      const alone = held.tested.length === 1 && held.every.length === 0;
      for (const { rule, test } of held.tested) if (alone || test(node)) found.get(rule)!.push(node);
    }
    for (const [rule, nodes] of found) byRule.set(rule, nodes);
  }
  return byRule;
}

/**
 * What findAllOf answers for each rule, the rules the shared walk did not take found together in as few walks as their
 * kinds allow (and kept for later askers). For searches only a few files ask for (a file's exports): riding on every
 * file's shared walk cost more than a walk of their own on the files that ask.
 */
export function findEachOf(root: SgNode, rules: readonly FindRule[]): SgNode[][] {
  const tree = root.getRoot();
  const known = prefetched.get(tree);
  const missing = rules.filter((rule) => !known?.has(rule));
  if (missing.length > 0 && root.kind() === 'program') {
    const found = walkedFinds(root, missing, []);
    if (found) prefetched.set(tree, new Map([...(known ?? []), ...found]));
  }
  return rules.map((rule) => findAllOf(root, rule));
}

/** What `root.findAll({ rule })` returns (a fresh array): from the prefetched walk when the rule was in it. */
export function findAllOf(root: SgNode, rule: FindRule): SgNode[] {
  const hit = prefetched.get(root.getRoot())?.get(rule);
  return hit && root.kind() === 'program' ? hit.slice() : root.findAll({ rule });
}
