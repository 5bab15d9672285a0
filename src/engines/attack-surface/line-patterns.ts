// Line-level patterns per language: the recon fallback for languages without a precise parser, plus the
// few JavaScript facts that are plainly textual (innerHTML writes, Nest decorators, shebangs).
// Data only; line-recon.ts applies them to lines that are not comments.
import type { BoundaryKind, EntryKind } from './types.ts';

export interface LinePattern {
  re: RegExp;
  entry?: EntryKind;
  boundary?: BoundaryKind;
  /** Name (entry) or detail (boundary) from the match. */
  name: (m: RegExpExecArray) => string;
}

const text = (m: RegExpExecArray) => m[0].trim().slice(0, 80);
const route = (method: string | undefined, path: string | undefined) => `${(method ?? 'ANY').toUpperCase()} ${path ?? ''}`.trim();

export const LINE_PATTERNS: Record<string, LinePattern[]> = {
  javascript: [
    { re: /\.(innerHTML|outerHTML)\s*\+?=/, boundary: 'template', name: text },
    { re: /dangerouslySetInnerHTML|\bv-html\b|\.insertAdjacentHTML\(|document\.write(ln)?\(/, boundary: 'template', name: text },
    { re: /@(Get|Post|Put|Patch|Delete|All|Head|Options)\(\s*(?:['"`]([^'"`]*)['"`])?\s*\)/, entry: 'http-route', name: (m) => route(m[1], `/${(m[2] ?? '').replace(/^\//, '')}`) },
    { re: /\brequire\.main\s*===?\s*module\b/, entry: 'main', name: () => 'require.main === module' },
  ],
  python: [
    { re: /^\s*@(\w+)\.(route|get|post|put|patch|delete|websocket|api_route)\(\s*['"]([^'"]*)['"]/, entry: 'http-route', name: (m) => route(m[2] === 'route' || m[2] === 'api_route' ? (/methods\s*=\s*\[\s*['"](\w+)/.exec(m.input)?.[1] ?? 'ANY') : m[2], m[3]) },
    { re: /^\s*(?:re_)?path\(\s*r?['"]([^'"]*)['"]/, entry: 'http-route', name: (m) => route('ANY', `/${m[1] ?? ''}`) },
    { re: /^if\s+__name__\s*==\s*['"]__main__['"]/, entry: 'main', name: () => '__main__' },
    { re: /^\s*@(?:\w+\.)?(task|shared_task|actor)\b/, entry: 'message-handler', name: text },
    { re: /\.basic_consume\(|\.subscribe\(/, entry: 'message-handler', name: text },
    { re: /^\s*@click\.(command|group)\b|argparse\.ArgumentParser\(/, entry: 'cli-bin', name: text },
    { re: /\brequest\.(args|form|json|values|files|cookies|headers|data|GET|POST|body|query_params|path_params|get_json)\b/, boundary: 'request-input', name: text },
    { re: /\bos\.(environ|getenv)\b/, boundary: 'environment', name: text },
    { re: /\bopen\(|\bos\.(remove|unlink|rename|makedirs)\(|\bshutil\.\w+\(|\bpathlib\.Path\(/, boundary: 'files', name: text },
    { re: /\b(requests|httpx)\.(get|post|put|patch|delete|request)\(|urllib\.request\.|urlopen\(/, boundary: 'network', name: text },
    { re: /\bsubprocess\.\w+\(|\bos\.(system|popen|exec\w*)\(/, boundary: 'child-process', name: text },
    { re: /\bpickle\.loads?\(|\byaml\.(load|unsafe_load)\(|\bmarshal\.loads?\(|\bjson\.loads?\(|\bshelve\.open\(/, boundary: 'deserialisation', name: text },
    { re: /render_template_string\(|render_template\(|\bMarkup\(|mark_safe\(|\bTemplate\(/, boundary: 'template', name: text },
    { re: /\.(execute|executemany|executescript|raw)\(\s*(f['"]|['"][^'"]*['"]\s*(%|\.format|\+))/, boundary: 'sql', name: text },
  ],
  go: [
    { re: /\.(HandleFunc|Handle)\(\s*"([^"]+)"/, entry: 'http-route', name: (m) => route('ANY', m[2]) },
    { re: /\.(GET|POST|PUT|PATCH|DELETE|Get|Post|Put|Patch|Delete)\(\s*"([^"]+)"/, entry: 'http-route', name: (m) => route(m[1], m[2]) },
    { re: /^func\s+main\(\)/, entry: 'main', name: () => 'main' },
    { re: /\br\.(URL\.Query|FormValue|PostFormValue|Body|Header|Form|PostForm|Cookie)\b|\bc\.(Query|Param|PostForm|Bind\w*|ShouldBind\w*|FormValue)\(/, boundary: 'request-input', name: text },
    { re: /\bos\.(Getenv|LookupEnv|Environ)\(/, boundary: 'environment', name: text },
    { re: /\bos\.(Open|OpenFile|ReadFile|WriteFile|Create|Remove|RemoveAll|Rename|MkdirAll)\(|\bioutil\.\w+\(/, boundary: 'files', name: text },
    { re: /\bhttp\.(Get|Post|PostForm|Head|NewRequest\w*)\(|\.Do\(req\)/, boundary: 'network', name: text },
    { re: /\bexec\.Command(Context)?\(/, boundary: 'child-process', name: text },
    { re: /\b(json|xml|yaml|gob)\.(Unmarshal|NewDecoder)\(/, boundary: 'deserialisation', name: text },
    { re: /\btemplate\.(HTML|JS|URL)\(|\.ExecuteTemplate\(/, boundary: 'template', name: text },
    { re: /\.(Query|QueryRow|Exec)(Context)?\([^)]*(\+|fmt\.Sprintf)/, boundary: 'sql', name: text },
  ],
  rust: [
    { re: /^\s*(?:pub\s+)?(?:async\s+)?fn\s+main\(\)/, entry: 'main', name: () => 'main' },
    { re: /#\[(get|post|put|patch|delete)\(\s*"([^"]+)"/, entry: 'http-route', name: (m) => route(m[1], m[2]) },
    { re: /\.route\(\s*"([^"]+)"/, entry: 'http-route', name: (m) => route('ANY', m[1]) },
    { re: /\b(std::)?env::var(_os)?\(/, boundary: 'environment', name: text },
    { re: /\b(std::)?fs::\w+\(|File::(open|create)\(/, boundary: 'files', name: text },
    { re: /\bCommand::new\(/, boundary: 'child-process', name: text },
    { re: /\breqwest::|\bTcpStream::connect\(/, boundary: 'network', name: text },
    { re: /serde_json::from_\w+\(|bincode::deserialize\(/, boundary: 'deserialisation', name: text },
    { re: /\.(query|execute)\(\s*&?format!\(/, boundary: 'sql', name: text },
  ],
  ruby: [
    { re: /^\s*(get|post|put|patch|delete)\s+['"](\/[^'"]*)['"]/, entry: 'http-route', name: (m) => route(m[1], m[2]) },
    { re: /\bparams\[|\brequest\.(body|params|headers)\b/, boundary: 'request-input', name: text },
    { re: /\bENV\[|\bENV\.fetch\(/, boundary: 'environment', name: text },
    { re: /\bFile\.(read|write|open)\(|\bIO\.read\(/, boundary: 'files', name: text },
    { re: /\bsystem\(|`[^`]*#\{|\bOpen3\.|\bexec\(|%x\{/, boundary: 'child-process', name: text },
    { re: /\bYAML\.load\(|\bMarshal\.load\(|\bJSON\.parse\(/, boundary: 'deserialisation', name: text },
    { re: /\.html_safe\b|\braw\(/, boundary: 'template', name: text },
    { re: /\.(where|find_by_sql|execute)\(\s*["'][^"']*#\{/, boundary: 'sql', name: text },
  ],
  php: [
    { re: /Route::(get|post|put|patch|delete|any)\(\s*['"]([^'"]+)['"]/, entry: 'http-route', name: (m) => route(m[1], m[2]) },
    { re: /\$_(GET|POST|REQUEST|COOKIE|FILES|SERVER)\b/, boundary: 'request-input', name: text },
    { re: /\bgetenv\(|\$_ENV\b/, boundary: 'environment', name: text },
    { re: /\b(file_get_contents|fopen|file_put_contents|unlink|include|require)(_once)?\s*\(/, boundary: 'files', name: text },
    { re: /\b(exec|shell_exec|system|passthru|proc_open|popen)\s*\(/, boundary: 'child-process', name: text },
    { re: /\bunserialize\s*\(/, boundary: 'deserialisation', name: text },
    { re: /\b(mysqli_query|mysql_query)\s*\(|->query\(\s*["'][^"']*\$/, boundary: 'sql', name: text },
  ],
  java: [
    { re: /@(Get|Post|Put|Delete|Patch|Request)Mapping\(\s*(?:(?:value|path)\s*=\s*)?"([^"]*)"/, entry: 'http-route', name: (m) => route(m[1] === 'Request' ? 'ANY' : m[1], m[2]) },
    { re: /public\s+static\s+void\s+main\s*\(/, entry: 'main', name: () => 'main' },
    { re: /\brequest\.(getParameter|getHeader|getInputStream|getReader|getCookies)\(|@(RequestParam|RequestBody|PathVariable)\b/, boundary: 'request-input', name: text },
    { re: /\bSystem\.getenv\(/, boundary: 'environment', name: text },
    { re: /\bnew\s+File(InputStream|OutputStream|Reader|Writer)?\(|\bFiles\.\w+\(/, boundary: 'files', name: text },
    { re: /Runtime\.getRuntime\(\)\.exec\(|new\s+ProcessBuilder\(/, boundary: 'child-process', name: text },
    { re: /new\s+ObjectInputStream\(|\.readObject\(\)|XMLDecoder\(/, boundary: 'deserialisation', name: text },
    { re: /\.(executeQuery|executeUpdate|execute|prepareStatement)\(\s*"[^"]*"\s*\+/, boundary: 'sql', name: text },
  ],
};
LINE_PATTERNS.typescript = LINE_PATTERNS.javascript ?? [];
LINE_PATTERNS.kotlin = LINE_PATTERNS.java ?? [];
