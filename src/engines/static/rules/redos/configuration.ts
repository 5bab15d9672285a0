// Whether a library's matched subject is configuration the application writes rather than data it processes: the
// exported parameter it comes from, or the options object the matched value is read from, says so (a format string
// `formatStr`, a flag list `flagList`, an options object `opts` or one of its settings, a template). A date library's
// format tokens, a driver's flag list and a server's options are written by the developer who calls the library, so
// a slow pattern on them is no attacker's to trigger, whatever its degree. The data the function processes (`str`,
// `text`, `input`, `value`, `url`, a glob or route pattern) is not named so, nor is a setting that carries that text
// (`opts.input`, `options.text`): an options object may hand over the data as well as the choices.
import type { SgNode } from '@ast-grep/napi';
import type { SourceFacts } from '../../types.ts';
import { bindingValue } from '../../taint.ts';

// A whole name, or its last word in camelCase or snake_case (`dateFormat`, `format_str`, `flagList`, `opts`).
const CONFIG_NAME = /^(?:fmt|tpl|opts?|conf|cfg)$|(?:^|[a-z_])(?:format|Format|template|Template|flags?|Flags?|options|Options|config|Config|settings|Settings)(?:Str(?:ing)?|_?str(?:ing)?|List|_?list)?$/;
// `options.delimiter`, `opts.flags`, `this.options.format`: a setting read from an options object.
const CONFIG_OBJECT = /(?:^|\.)(?:options|opts|config|conf|cfg|settings)\s*(?:\.|\[|\?\.)/i;

/** Whether a parameter's name says it holds configuration (`config`, `options`, `dateFormat`, `flagList`). */
export function configurationName(name: string): boolean {
  return CONFIG_NAME.test(name);
}

/** The exported parameter a library source names (`parseFlagList(flagList)` → flagList), or ''. */
function apiParameter(source: Pick<SourceFacts, 'api'>): string {
  return /\(([\w$]+)\)$/.exec(source.api ?? '')?.[1] ?? '';
}

/** The value a string-method chain starts from (`options.sep.trim().split(…)` → `options.sep`; `String(x || '')` →
 * x): what is matched, not the arguments of the calls along the way (a replacement read from options). */
export function receiver(node: SgNode, depth = 0): SgNode {
  if (depth > 12) return node;
  const kind = node.kind();
  if (kind === 'parenthesized_expression') {
    const inner = node.namedChildren()[0];
    return inner ? receiver(inner, depth + 1) : node;
  }
  if (kind === 'binary_expression' && /^(\|\||\?\?)$/.test(node.field('operator')?.text() ?? '')) {
    const left = node.field('left');
    return left ? receiver(left, depth + 1) : node;
  }
  if (kind !== 'call_expression') return node;
  const callee = node.field('function');
  if (callee?.kind() === 'member_expression') {
    const object = callee.field('object');
    return object ? receiver(object, depth + 1) : node;
  }
  const [arg] = node.field('arguments')?.namedChildren() ?? [];
  return callee?.text() === 'String' && arg ? receiver(arg, depth + 1) : node;
}

// A setting that carries the text to process, not a choice about processing it (`opts.input`, `options.text`).
const DATA_SETTING = /^(?:input|text|str|string|value|content|body|data|html|markdown|md|source|src|url|uri|query|message|subject)$/i;

/** Whether the matched text is a setting that carries the data (`opts.text`), directly or through the names it was
 * bound to (`var input = opts.text; input.trim()`). */
function dataSetting(start: SgNode, depth = 0): boolean {
  if (start.kind() === 'member_expression') return DATA_SETTING.test(start.field('property')?.text() ?? '');
  // `'<' + input + '>'`, `` `<${input}>` ``: the text built around it.
  if (start.kind() === 'binary_expression' && start.field('operator')?.text() === '+' && depth < 3) {
    return [start.field('left'), start.field('right')].some((side) => side !== null && dataSetting(receiver(side), depth + 1));
  }
  if (start.kind() === 'template_string' && depth < 3) {
    return start.findAll({ rule: { kind: 'template_substitution' } }).some((sub) => sub.namedChildren().some((e) => dataSetting(receiver(e), depth + 1)));
  }
  const bound = start.kind() === 'identifier' && depth < 3 ? bindingValue(start) : null;
  return bound ? dataSetting(receiver(bound), depth + 1) : false;
}

export function configurationSubject(subject: SgNode, source: Pick<SourceFacts, 'api'>): boolean {
  const start = receiver(subject);
  // The options object hands the library the text itself: what is matched is data, whatever the object is named.
  if (dataSetting(start)) return false;
  // The trace ends at a parameter named as the data (`createLocal(input)` stored as `config._i`): the holder object's
  // name says nothing of what the caller handed in.
  const param = apiParameter(source);
  if (DATA_SETTING.test(param)) return false;
  return CONFIG_NAME.test(param) || CONFIG_OBJECT.test(`${start.text()}.`);
}

// An error's text (`err.message`, `error.sqlMessage`): what a driver, a server or the runtime wrote, handed to the
// library's error formatter; a slow pattern on it is no caller's to trigger.
const ERROR_OBJECT = /^(?:e|er|err|error|\w+(?:Err|Error))$/;
const ERROR_TEXT = /^(?:message|sqlMessage|stack|detail|reason)$/;

export function errorText(subject: SgNode): boolean {
  const start = receiver(subject);
  if (start.kind() !== 'member_expression') return false;
  const object = start.field('object');
  return object?.kind() === 'identifier' && ERROR_OBJECT.test(object.text()) && ERROR_TEXT.test(start.field('property')?.text() ?? '');
}
