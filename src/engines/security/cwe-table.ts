// Per CWE: the STRIDE category it belongs to, and the CVSS impact it has when exploited (confidentiality,
// integrity, availability, plus user interaction and scope for client-side weaknesses, each with its reason). Data only.
import type { Stride } from '../../artifacts/schemas/threat-model.ts';

type Level = 'N' | 'L' | 'H';
export interface Impact {
  C: Level;
  I: Level;
  A: Level;
  /** Set when a victim must act (UI:R): what they have to do. */
  UI?: string;
  /** Set when the impact lands outside the vulnerable component (S:C): where. */
  S?: string;
  why: string;
}

export const STRIDE_OF_CWE: Record<string, Stride> = {
  'CWE-78': 'elevation-of-privilege', 'CWE-77': 'elevation-of-privilege', 'CWE-88': 'elevation-of-privilege', 'CWE-94': 'elevation-of-privilege',
  'CWE-95': 'elevation-of-privilege', 'CWE-502': 'elevation-of-privilege', 'CWE-89': 'tampering', 'CWE-943': 'tampering', 'CWE-74': 'tampering',
  'CWE-1321': 'tampering', 'CWE-915': 'tampering', 'CWE-79': 'tampering', 'CWE-22': 'information-disclosure', 'CWE-23': 'information-disclosure',
  'CWE-918': 'information-disclosure', 'CWE-611': 'information-disclosure', 'CWE-200': 'information-disclosure', 'CWE-209': 'information-disclosure',
  'CWE-532': 'information-disclosure', 'CWE-798': 'spoofing', 'CWE-321': 'spoofing', 'CWE-259': 'spoofing', 'CWE-287': 'spoofing', 'CWE-347': 'spoofing',
  'CWE-601': 'spoofing', 'CWE-352': 'spoofing', 'CWE-1333': 'denial-of-service', 'CWE-400': 'denial-of-service', 'CWE-770': 'denial-of-service', 'CWE-778': 'repudiation',
  'CWE-117': 'repudiation', 'CWE-295': 'spoofing', 'CWE-319': 'information-disclosure', 'CWE-208': 'information-disclosure', 'CWE-367': 'tampering',
};

const RUN_CODE: Impact = { C: 'H', I: 'H', A: 'H', why: 'commands or code run with the process rights: everything it can read, change or stop' };
const QUERY: Impact = { C: 'H', I: 'H', A: 'L', why: 'the attacker reads and changes any row the application account can reach; heavy queries slow the store' };
const READ_FILES: Impact = { C: 'H', I: 'N', A: 'N', why: 'any file the process can read is disclosed' };
const CREDENTIAL: Impact = { C: 'H', I: 'H', A: 'N', why: 'forged tokens or stolen credentials act as any user: read and change their data' };
const IN_BROWSER = "the impact lands in the victim's browser (their session and the pages of other origins it reaches), outside the vulnerable server";
const REFLECTED_XSS: Impact = { C: 'L', I: 'L', A: 'N', UI: 'a victim has to open a crafted link or a page that carries the payload', S: IN_BROWSER, why: "script in the victim's browser: their session data and actions" };
const OPEN_REDIRECT: Impact = { C: 'L', I: 'L', A: 'N', UI: 'a victim has to follow a crafted link on the trusted domain', S: "the victim lands on the attacker's site, outside the vulnerable server (phishing with the trusted domain's credibility)", why: "navigation of the victim's browser to a page the attacker controls: credentials typed there, tokens in the URL" };
const CSRF: Impact = { C: 'N', I: 'H', A: 'N', UI: "a signed-in victim has to open the attacker's page, which sends the forged request", why: "state-changing requests are made with the victim's session" };
const HANG: Impact = { C: 'N', I: 'N', A: 'H', why: 'a crafted input blocks the process: the service stops answering' };

export const IMPACT: Record<string, Impact> = {
  'CWE-78': RUN_CODE, 'CWE-77': RUN_CODE, 'CWE-88': RUN_CODE, 'CWE-94': RUN_CODE, 'CWE-95': RUN_CODE, 'CWE-502': RUN_CODE,
  'CWE-89': QUERY, 'CWE-943': QUERY,
  'CWE-22': READ_FILES, 'CWE-23': READ_FILES,
  'CWE-1321': { C: 'N', I: 'H', A: 'H', why: 'properties every object inherits are changed: checks flip (integrity) and code crashes on them (availability)' },
  'CWE-915': { C: 'N', I: 'H', A: 'L', why: 'fields the caller must not set are written' },
  'CWE-798': CREDENTIAL, 'CWE-321': CREDENTIAL, 'CWE-259': CREDENTIAL,
  'CWE-79': REFLECTED_XSS, 'CWE-601': OPEN_REDIRECT, 'CWE-352': CSRF,
  'CWE-918': { C: 'H', I: 'L', A: 'N', why: 'the server fetches internal addresses for the attacker: internal data is read, internal services are poked' },
  'CWE-611': { C: 'H', I: 'N', A: 'L', why: 'external entities read local files and make requests' },
  'CWE-295': { C: 'H', I: 'H', A: 'N', why: 'a forged certificate is accepted: traffic is read and changed in transit' },
  'CWE-319': { C: 'H', I: 'N', A: 'N', why: 'credentials and data cross the network readable by anyone in the path' },
  'CWE-208': { C: 'H', I: 'N', A: 'N', why: 'a secret compared in variable time is recovered from the timing, a byte at a time' },
  'CWE-367': { C: 'N', I: 'H', A: 'N', why: 'the checked resource is swapped before use: the operation acts on what the attacker chose' },
  'CWE-1333': HANG, 'CWE-400': HANG, 'CWE-770': HANG,
};
