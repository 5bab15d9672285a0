// Per-tree memos that let the trees go. A WeakMap keyed by a tree (SgRoot) never let go of a tree whose entry held any
// of its nodes: each node holds a strong reference to its tree, so the entry kept its own key alive, and every tree a
// run parsed stayed in memory with all the nodes its indexes listed (hundreds of MB more at the peak of a bench run,
// and a heap the garbage collector kept tracing). A TreeMap keeps its values for the few trees asked about last; the
// engine analyses one file's tree at a time, and a memo dropped with an old tree is worked out again if it is asked.
import type { SgRoot } from '@ast-grep/napi';

/** Trees whose memos are kept: the file being analysed and the last few others asked about. */
const KEPT = 8;

// The kept trees, the one asked about last at the end, each with its values by the TreeMap holding them.
const recent = new Map<SgRoot, Map<TreeMap<unknown>, unknown>>();
let last: SgRoot | undefined;
let lastSlots: Map<TreeMap<unknown>, unknown> | undefined;

function slotsOf(tree: SgRoot, create: boolean): Map<TreeMap<unknown>, unknown> | undefined {
  if (tree === last) return lastSlots;
  let slots = recent.get(tree);
  if (slots) recent.delete(tree);
  else if (!create) return undefined;
  else slots = new Map();
  recent.set(tree, slots);
  if (recent.size > KEPT) recent.delete(recent.keys().next().value as SgRoot);
  last = tree;
  lastSlots = slots;
  return slots;
}

/** A map from trees to values, as a WeakMap would be, holding its values only while the tree is among the kept ones. */
export class TreeMap<V> {
  get(tree: SgRoot): V | undefined {
    return slotsOf(tree, false)?.get(this) as V | undefined;
  }

  set(tree: SgRoot, value: V): this {
    slotsOf(tree, true)!.set(this, value);
    return this;
  }
}
