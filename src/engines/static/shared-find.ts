// One tree walk for the whole-file searches of every detector running on a file. Each `root.findAll` walks the whole
// tree (on a 1.5 MB bundle about 50 ms, however few nodes match), and a file with most detectors active was walked
// some forty times. The engine hands the searches the active detectors declare (Detector.finds) to prefetchFinds once
// per file: rules naming different node kinds share one findAll (`any` of them), and the kind of each node found says
// which rule found it. findAllOf then answers a declared search from those walks, and any other search by its own walk.
// The answer is exactly root.findAll({ rule }): the same nodes, in the same (document) order.
import type { NapiConfig, SgNode, SgRoot } from '@ast-grep/napi';

export type FindRule = NapiConfig['rule'];

// Per tree, weakly: the answers go when the tree does. Keyed by the rule object itself (a module constant).
const prefetched = new WeakMap<SgRoot, Map<FindRule, SgNode[]>>();

/** The kinds a rule's top level names (`kind`, or an `any` of kinds only), or undefined when it could match others. */
function topKinds(rule: FindRule): ReadonlySet<string> | undefined {
  if (typeof rule.kind === 'string') return new Set([rule.kind]);
  const any = rule.any;
  if (!any || any.length === 0 || !any.every((r) => typeof r.kind === 'string')) return undefined;
  return new Set(any.map((r) => r.kind as string));
}

/**
 * Rules in layers where no two rules can match a node of the same kind: one walk per layer, and each node it finds
 * belongs to the one rule of the layer naming its kind. A rule whose kinds are not known takes a layer of its own.
 */
function layers(rules: readonly FindRule[]): { rules: FindRule[]; byKind: Map<string, FindRule> }[] {
  const out: { rules: FindRule[]; byKind: Map<string, FindRule> }[] = [];
  for (const rule of rules) {
    const kinds = topKinds(rule);
    const layer = kinds ? out.find((l) => l.byKind.size > 0 && [...kinds].every((k) => !l.byKind.has(k))) : undefined;
    if (layer) {
      layer.rules.push(rule);
      for (const k of kinds!) layer.byKind.set(k, rule);
    } else out.push({ rules: [rule], byKind: new Map([...(kinds ?? [])].map((k) => [k, rule])) });
  }
  return out;
}

/**
 * Finds the nodes of every rule in as few walks of root's tree as the rules' kinds allow and keeps them for
 * findAllOf. Rules naming different kinds share a walk: a node matching `any` of them matches the one naming its kind.
 */
export function prefetchFinds(root: SgNode, rules: readonly FindRule[]): void {
  // A rule with patterns may capture metavariables, which the rules of one combined search would share: left to its own walk.
  const unique = [...new Set(rules)].filter((rule) => !JSON.stringify(rule).includes('"pattern"'));
  if (unique.length === 0) return;
  const byRule = new Map<FindRule, SgNode[]>();
  for (const layer of layers(unique)) {
    if (layer.rules.length === 1) {
      byRule.set(layer.rules[0]!, root.findAll({ rule: layer.rules[0]! }));
      continue;
    }
    const found = new Map<FindRule, SgNode[]>(layer.rules.map((rule) => [rule, []]));
    for (const node of root.findAll({ rule: { any: layer.rules } })) {
      const rule = layer.byKind.get(String(node.kind()));
      // Every node found has a kind of the layer's rules; one that has not would mean the walk cannot be trusted.
      if (!rule) return;
      found.get(rule)!.push(node);
    }
    for (const [rule, nodes] of found) byRule.set(rule, nodes);
  }
  prefetched.set(root.getRoot(), byRule);
}

/** What `root.findAll({ rule })` returns (a fresh array): from the prefetched walk when the rule was in it. */
export function findAllOf(root: SgNode, rule: FindRule): SgNode[] {
  const hit = prefetched.get(root.getRoot())?.get(rule);
  return hit && root.kind() === 'program' ? hit.slice() : root.findAll({ rule });
}
