// Whether a library's matched subject is configuration the application writes rather than data it processes: the
// parameter it comes from, or a name it passed through, says so (a format string `formatStr`, a flag list `flags`,
// an options object `options` or one of its settings, a template). A date library's format tokens, a driver's flag
// list and a logger's options are written by the developer who calls the library, so a slow pattern on them is no
// attacker's to trigger, whatever its degree. The data the function processes (`str`, `text`, `input`, `value`,
// `url`, a glob or route pattern) is not named so.
import type { SgNode } from '@ast-grep/napi';
import type { SourceFacts } from '../../types.ts';

// A whole name, or its last word in camelCase or snake_case (`dateFormat`, `format_str`, `flagList`, `opts`).
const CONFIG_NAME = /^(?:fmt|tpl|opts?|conf|cfg)$|(?:^|[a-z_])(?:format|Format|template|Template|flags?|Flags?|options|Options|config|Config|settings|Settings)(?:Str(?:ing)?|_?str(?:ing)?|List|_?list)?$/;
// `options.delimiter`, `opts.flags`, `this.options.format`: a setting read from an options object.
const CONFIG_OBJECT = /(?:^|\.)(?:options|opts|config|conf|cfg|settings)\s*(?:\.|\[|\?\.)/i;

/** The exported parameter a library source names (`parseFlagList(flagList)` → flagList), or ''. */
function apiParameter(source: Pick<SourceFacts, 'api'>): string {
  return /\(([\w$]+)\)$/.exec(source.api ?? '')?.[1] ?? '';
}

export function configurationSubject(subject: SgNode, source: Pick<SourceFacts, 'api' | 'names'>): boolean {
  if (CONFIG_OBJECT.test(subject.text())) return true;
  const names = [apiParameter(source), ...source.names].filter((n) => n.length > 0);
  return names.some((n) => CONFIG_NAME.test(n));
}
