// Which bug class (a static rule id) a lead's rule is about: from the CWE ids in the SARIF, else from a small
// table of well-known rule names. A lead without a class keeps its own rule and message for the skeptic.
import { getRule } from './rules.ts';
import type { Category } from '../../artifacts/schemas/common.ts';

const BY_CWE: Record<string, string> = {
  'CWE-77': 'command-injection', 'CWE-78': 'command-injection', 'CWE-88': 'command-injection',
  'CWE-94': 'code-injection', 'CWE-95': 'code-injection',
  'CWE-89': 'sql-injection',
  'CWE-22': 'path-traversal', 'CWE-23': 'path-traversal', 'CWE-36': 'path-traversal', 'CWE-73': 'path-traversal',
  'CWE-1321': 'prototype-pollution', 'CWE-915': 'prototype-pollution',
  'CWE-1333': 'redos', 'CWE-730': 'redos',
  'CWE-918': 'ssrf',
  'CWE-601': 'open-redirect',
  'CWE-79': 'xss', 'CWE-80': 'xss',
  'CWE-943': 'nosql-injection',
  'CWE-502': 'unsafe-deserialization',
  'CWE-798': 'hardcoded-secret',
};

// Rule names (the part after a plugin prefix: `eslint(no-eval)`, `security/detect-child-process`,
// `javascript.lang.security.audit.xss…`) of common JavaScript analysers.
const BY_NAME: Array<[RegExp, string]> = [
  [/^(no-eval|no-new-func|no-implied-eval|detect-eval-with-expression|code-eval|code-string-concat)$/, 'code-injection'],
  [/^(detect-child-process|os-command|child-process.*|.*command-injection.*|spawn-shell-true|detect-child-process-exec)$/, 'command-injection'],
  [/^(detect-non-literal-fs-filename|.*path-traversal.*|.*path-join-resolve-traversal.*)$/, 'path-traversal'],
  [/^(detect-non-literal-regexp|detect-unsafe-regex|slow-regex|.*redos.*|regexp-dos)$/, 'redos'],
  [/^(detect-object-injection|.*prototype-pollution.*)$/, 'prototype-pollution'],
  [/^(.*sql-injection.*|.*sqli.*|.*tainted-sql.*)$/, 'sql-injection'],
  [/^(.*ssrf.*|.*request-forgery.*)$/, 'ssrf'],
  [/^(.*open-redirect.*|.*url-redirect.*)$/, 'open-redirect'],
  [/^(.*xss.*|no-danger|.*dangerously-set-inner-html.*|.*unescaped.*html.*)$/, 'xss'],
  [/^(.*nosql.*)$/, 'nosql-injection'],
  [/^(.*deserializ.*|.*node-serialize.*)$/, 'unsafe-deserialization'],
  [/^(.*hardcoded.*(secret|password|credential|token).*|.*detect-secrets.*)$/, 'hardcoded-secret'],
];

export interface LeadClass {
  /** The static rule id whose bug class the lead is about, when known. */
  bugClass?: string;
  category: Category;
  cwe?: string;
}

/** The last name segment of a rule id: `eslint(no-eval)` → no-eval, `security/detect-x` → detect-x, `a.b.c` → c. */
export function ruleName(ruleId: string): string {
  const inner = /\(([^()]+)\)\s*$/.exec(ruleId)?.[1] ?? ruleId;
  return (inner.split(/[/.:]/).pop() ?? inner).toLowerCase();
}

export function classOf(ruleId: string, cwe: readonly string[]): LeadClass {
  // The CWE that names the class is the one kept, so the class can be derived again from the finding alone.
  const mapped = cwe.find((c) => BY_CWE[c]);
  const name = ruleName(ruleId);
  const bugClass = (mapped && BY_CWE[mapped]) ?? BY_NAME.find(([re]) => re.test(name))?.[1];
  const rule = bugClass ? getRule(bugClass) : undefined;
  const own = mapped ?? cwe[0];
  if (!rule) return { category: 'other', ...(own ? { cwe: own } : {}) };
  const cweId = own ?? rule.cwe ?? undefined;
  return { bugClass: rule.id, category: rule.category, ...(cweId ? { cwe: cweId } : {}) };
}
