// Internal types of the static engine: rule data, source files, and the facts a detector records
// about each candidate so the skeptic and referee can decide without a model.
import type { Category, Severity } from '../../artifacts/schemas/common.ts';
import type { Consequence, LibrarySource, SanitiserKind, TaintOriginKind } from '../../artifacts/schemas/literals.ts';

/** The hunting lenses a static rule can belong to (a subset of the plan's lenses). */
export const STATIC_LENSES = ['injection', 'secrets', 'async', 'error-handling', 'logic', 'resource-leak', 'boundary', 'type-safety', 'concurrency'] as const;
export type StaticLens = (typeof STATIC_LENSES)[number];

export interface SourceFile {
  /** Repository-relative POSIX path. */
  path: string;
  content: string;
  /** Language name from triage ('javascript', 'typescript', 'tsx', …) or a file extension. */
  language: string;
  isTest: boolean;
  /** Production code imports this file (triage's requiredBy): it is production code whatever its path says. */
  requiredBy?: string;
  /** Set when the file belongs to a library package (recon's publicApi): the package name. Parameters of its
   * exported functions are then attacker-controlled, for the rules that accept a library source. */
  publicApi?: string;
  /** Request input other files of the target pass to this file's exported functions (the cross-file pass). */
  incoming?: IncomingArg[];
  /** What other modules of the target export to this file under its relative imports (the module-facts step). */
  imported?: ImportedFact[];
}

/**
 * A fact about a value another module of the target exports and this file imports: that value is Node's
 * child_process (or one of its functions), or a constant regular expression. Read from the exporting module's text.
 */
export interface ImportedFact {
  /** The relative specifier as this file writes it (`./cp`). */
  specifier: string;
  /** The import key: the exported member's name, or '' for the module's own value (`module.exports = …`). */
  export: string;
  /** The Node module the value is (`child_process`), and the function of it when it is one (`exec`). */
  module?: string;
  member?: string;
  /** The regular expression the value is (with call: the one calling the value returns). */
  pattern?: { source: string; flags: string };
  call?: boolean;
  /** The value is a function that returns what these parameters were given (as given, or built into a larger string). */
  returns?: Array<{ param: number; built?: boolean }>;
  /** The value is a key screen: a function that throws when its first argument is `__proto__` and otherwise returns
   *  what it makes of that argument (prototype-pollution reads a key passed through it as never `__proto__`). */
  screen?: boolean;
  /** The exporting file (repository-relative) and the 1-based line that writes the value. */
  from: string;
  line: number;
}

/** A tainted argument another module passes to a function this module exports. */
export interface IncomingArg {
  /** The import key: the exported member's name, or '' for the module's own value (`module.exports = fn`). */
  export: string;
  /** 0-based parameter index. */
  param: number;
  /** Where the value came from, as the caller's file describes it (`req.query.name`). */
  via: string;
  /** Set when the value is a parameter of the library's exported API (`ps(args)`) rather than request input. */
  api?: string;
  /** With api: the caller built the parameter into a larger string before passing it. */
  built?: boolean;
  /** The calling file (repository-relative) and the 1-based line of the call. */
  from: string;
  line: number;
}

/** How a value reaching a sink was produced, strongest first. */
export type SourceKind = TaintOriginKind;

export interface SourceFacts {
  kind: SourceKind;
  /** Human description: "req.query.host", "parameter `cmd` of runTask", "a string literal". */
  via: string;
  /** Identifier names the value passed through, used to look for guards. */
  names: string[];
  /** Line (1-based) where the input was read, when it differs from the sink line. */
  sourceLine?: number;
  /** The exported API whose parameter this value is (`killPort(opts)`), for a library's public surface. */
  api?: string;
  /** True when the value was built into a larger string (concatenation, template, join, format). */
  built?: boolean;
  /** A library function not exported whose callers the trace does not see (`InlineLexer.prototype.output`): set by a
   * rule that counts such a parameter as some caller's text (redos, for an exponential verdict only). */
  internal?: string;
  /** Set when a bound (call nesting, depth, the per-file step budget) stopped the trace: the value is unknown for that reason. */
  cut?: string;
  /** Tainted values: where the value went on its way here, source first (a binding, a call, a return). */
  steps?: FlowStep[];
}

/** One step of a tainted value's path; `file` is set only when the step is in another file than the finding's. */
export interface FlowStep {
  line: number;
  note: string;
  file?: string;
}

export interface GuardFact {
  kind: SanitiserKind;
  text: string;
  line: number;
}

/** A detector's claim plus everything the skeptic and referee need to judge it. */
export interface Candidate {
  ruleId: string;
  /** 0-based byte-free positions: 1-based lines of the sink. */
  startLine: number;
  endLine: number;
  symbol: string;
  /** Normalised text the fingerprint uses (the sink expression, not its line). */
  subject: string;
  /**
   * The line the finding's identity keys on when it is not startLine: a rule that now cites more than the line it
   * reported (a merge's leaf write beside its recursive call) keeps that line, so the fingerprint — and dismissals,
   * baselines, ledgers and published issues written under it — stay the same. The finding quotes it as evidence.
   */
  anchorLine?: number;
  /** Specific sentence appended to the rule message. */
  detail: string;
  /** Where the value comes from; absent for structural rules (logic, async …). */
  source?: SourceFacts;
  guard?: GuardFact;
  /** Set by structural detectors when the pattern alone proves the defect. */
  structural?: string;
  /** Per-candidate severity override (e.g. polynomial vs exponential ReDoS). */
  severity?: Severity;
  /** The sink interprets the value whole as a script: a shell runs the command text. A library parameter that reaches
   * it as given counts for a rule whose library source is 'built' (refute/static.ts; matchers/injection.ts says why). */
  interprets?: boolean;
}

export interface Rule {
  id: string;
  category: Category;
  lens: StaticLens;
  /** For a rule of the reviewer's lenses (not a vulnerability): what the defect does when it fires; the severity follows
   * from it (severityOfConsequence) and the finding carries no CVSS. */
  consequence?: Consequence;
  severity: Severity;
  cwe: string | null;
  message: string;
  /** Runtime trigger template; `{source}` is replaced with the value's origin. */
  trigger: string;
  /** True when the rule needs request/CLI input reaching the sink to be confirmed. */
  taint: boolean;
  /** Whether a parameter of a library's exported API counts as untrusted input: only when the library builds it
   * into a larger string ('built': commands, code), or as it is ('any': a regex applied to it). */
  librarySource?: LibrarySource;
  /** Measured counts (scripts/bench/static-precision.ts --write) and the precision below which `pnpm benchmark --gate`
   * fails once the rule has enough findings there: the measured precision minus a margin, set by hand. */
  precision: {
    truePositives: number;
    falsePositives: number;
    /** How many of the judged findings are findings on real packages (benchmark/static-real-world-judgements.json);
     * the rest are the rule's cases and the benchmark cases, written by hand. Absent: none. */
    onRealCode?: number;
    measuredOn: string;
    floor: number;
  };
}

/** One file under src/engines/static/rules/: the rule's metadata beside the detector that emits it. Several rules may
 * share a detector (one pass over the tree finds them all); null when the engine itself reports the rule. */
export interface RuleModule {
  meta: Rule;
  detector: Detector | null;
}

export interface RuleInfo {
  id: string;
  category: Category;
  lens: Rule['lens'];
  severity: Severity;
  cwe: string | null;
  message: string;
  /** Calibrated precision: (tp + ½) / (tp + fp + 1), the Jeffreys posterior mean of the measured counts. */
  precision: number;
  truePositives: number;
  falsePositives: number;
  /** The precision `pnpm benchmark --gate` holds the rule to once it has enough findings there. */
  floor: number;
  /** Whether a default scan reports the rule's findings (off: raw precision below ½ on 10 or more judged findings). */
  defaultOn: boolean;
  /** Why it is on or off, with the raw counts. */
  defaultWhy: string;
  consequence?: Consequence;
}

/** A regular expression, or a function answering the same question faster than any regular expression would. */
export interface TextTest {
  test(text: string): boolean;
}

/** What a detector sees: the file, its parsed root and its lines. */
export interface DetectorContext {
  file: SourceFile;
  root: import('@ast-grep/napi').SgNode;
  lines: readonly string[];
}

export interface Detector {
  /**
   * Where the detector runs among the others (lowest first). Findings can depend on the order (taking it from the
   * rule folders' names turned a confirmed T2 finding of send@0.18.0 into manual review), so it is stated here,
   * beside each matcher.
   */
  order: number;
  /** Rule ids this detector can emit. */
  rules: readonly string[];
  /** Cheap text test; the detector is skipped (and the file maybe not parsed) when it fails. */
  prefilter: TextTest;
  /** A second cheap test for library files (publicApi set), where exported parameters are sources too. */
  libraryPrefilter?: TextTest;
  /** A test of what the file imports from other modules (SourceFile.imported): a sink can be reached through them
   * with nothing in the file's own text naming it. */
  importedPrefilter?: (file: SourceFile) => boolean;
  /**
   * Text every finding of the detector needs, tested after the prefilter: a file without it is not walked (nor parsed
   * for this detector). Kept apart from the prefilter, which also says which modules may hold a sink (cross-file reach).
   */
  requires?: TextTest;
  /**
   * The whole-file searches run makes with findAllOf (module constants): the engine finds them for every active
   * detector in one walk of the tree (src/engines/static/shared-find.ts) instead of one walk each.
   */
  finds?: readonly import('@ast-grep/napi').NapiConfig['rule'][];
  run(ctx: DetectorContext): Candidate[];
}
