// The trust-boundary API patterns triage looks for, as data: request input, exec, SQL, deserialisation,
// crypto/auth and file system calls across common languages. Scanning lives in signals.ts.
// `words` alternatives start at a word boundary (the scanner adds one shared \b, which keeps the scan fast);
// `others` start with punctuation. `(?<!\.)` after the boundary means "not a method on another object".

export interface BoundarySignal {
  signal: string;
  /** Base weight in the risk score. */
  weight: number;
  words: string[];
  others: string[];
}

export const BOUNDARY_SIGNALS: readonly BoundarySignal[] = [
  {
    signal: 'request-input',
    weight: 5,
    words: [
      String.raw`req\.(?:body|query|params|headers|cookies|files)\b`,
      String.raw`request\.(?:body|query|params|args|form|json|values|files|cookies|GET|POST|FILES)\b`,
      String.raw`ctx\.(?:request|query|params)\b`,
      String.raw`(?:app|router|server|fastify)\.(?:get|post|put|patch|delete|all|route)\s*\(`,
      String.raw`http\.HandleFunc\b`,
      String.raw`r\.(?:URL\.Query|FormValue|PostFormValue)\b`,
      String.raw`createServer\s*\(`,
      String.raw`express\(\s*\)`,
      String.raw`new Koa\b`,
      String.raw`HttpServletRequest\b`,
    ],
    others: [String.raw`@(?:Get|Post|Put|Delete|Patch|Request)Mapping\b`, String.raw`@app\.(?:route|get|post)\b`, String.raw`\$_(?:GET|POST|REQUEST|COOKIE|FILES)\b`],
  },
  {
    signal: 'exec',
    weight: 5,
    words: [
      String.raw`child_process\b`,
      String.raw`(?<!\.)(?:exec|execSync|execFile|execFileSync|spawn|spawnSync)\s*\(`,
      String.raw`subprocess\.\w+`,
      String.raw`os\.(?:system|popen|exec[lv]p?e?)\s*\(`,
      String.raw`exec\.Command(?:Context)?\b`,
      String.raw`Runtime\.getRuntime\(\)\.exec\b`,
      String.raw`ProcessBuilder\b`,
      String.raw`Process\.Start\b`,
      String.raw`Command::new\b`,
      String.raw`(?<!\.)(?:shell_exec|passthru|proc_open|popen|system)\s*\(`,
    ],
    others: [],
  },
  {
    signal: 'sql',
    weight: 4,
    words: [
      String.raw`SELECT\s+(?:\*|DISTINCT\b|[\w.]+)[^;\n]{0,120}?\sFROM\b`,
      String.raw`INSERT\s+INTO\b`,
      String.raw`DELETE\s+FROM\b`,
      String.raw`UPDATE\s+\w+\s+SET\b`,
      String.raw`cursor\.execute\b`,
      String.raw`db\.(?:Exec|Query|QueryRow)\b`,
      String.raw`sequelize\.query\b`,
      String.raw`mysqli?_query\b`,
    ],
    others: [String.raw`\.(?:query|raw|rawQuery|executeQuery|executeUpdate)\s*\(`, String.raw`\$wpdb\b`],
  },
  {
    signal: 'deserialise',
    weight: 3,
    words: [
      String.raw`JSON\.parse\s*\(`,
      String.raw`yaml\.(?:load|unsafe_load)\s*\(`,
      String.raw`YAML\.load\b`,
      String.raw`pickle\.loads?\s*\(`,
      String.raw`marshal\.loads\b`,
      String.raw`(?<!\.)eval\s*\(`,
      String.raw`new Function\s*\(`,
      String.raw`vm\.runIn\w+`,
      String.raw`unserialize\s*\(`,
      String.raw`Marshal\.load\b`,
      String.raw`ObjectInputStream\b`,
      String.raw`XMLDecoder\b`,
      String.raw`BinaryFormatter\b`,
      String.raw`jsonpickle\b`,
    ],
    others: [],
  },
  {
    signal: 'crypto-auth',
    weight: 3,
    words: [
      String.raw`(?:jwt|jsonwebtoken|bcrypt|scrypt|argon2|hashlib|passport|createHash|createHmac|createCipheriv|createDecipheriv|timingSafeEqual)\b`,
      String.raw`crypto\.\w+`,
      String.raw`[Pp]assw(?:or)?d\w*`,
      String.raw`[Aa]uthenticat\w+`,
      String.raw`[Aa]uthori[sz]\w+`,
      String.raw`[Ss]ecret[Kk]ey\b`,
      String.raw`api_?[Kk]ey\b`,
    ],
    others: [],
  },
  {
    signal: 'fs',
    weight: 2,
    words: [
      String.raw`fs\.\w+`,
      String.raw`fs/promises\b`,
      String.raw`(?<!\.)(?:readFile|readFileSync|writeFile|writeFileSync|createReadStream|createWriteStream|unlink|unlinkSync|rmSync)\s*\(`,
      String.raw`os\.(?:Open|OpenFile|Create|Remove|RemoveAll|ReadFile|WriteFile)\b`,
      String.raw`ioutil\.\w+`,
      String.raw`shutil\.\w+`,
      String.raw`std::fs\b`,
      String.raw`(?<!\.)(?:fopen|open)\s*\(`,
      String.raw`File(?:Input|Output)Stream\b`,
      String.raw`File\.(?:open|read|write)\b`,
    ],
    others: [],
  },
];
