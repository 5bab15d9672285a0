// `--format junit`: JUnit XML (the Ant/Jenkins schema, JUnit.xsd) that CI test-report views read. One test case per
// finding: failed for a confirmed finding that fails the run (at or above --fail-on, not pre-existing), skipped for one
// waiting for manual review, passed for the rest shown. A run with no finding has one passing case "bug-hunter scan",
// so the suite is never empty; a run that failed or is incomplete makes that case an error. Pure.
import type { ReportedFinding, ScanReport } from '../../artifacts/schemas/scan-report.ts';
import { TOOL_NAME } from '../../foundations/version.ts';
import { verdictOf } from './clean.ts';
import { failingFindings } from './counts.ts';
import { isListed } from './findings.ts';
import { location, oneLine } from './text.ts';
import { xmlAttr, xmlText } from './xml.ts';
import { redactDeep } from './redact.ts';

type Outcome = 'failure' | 'skipped' | 'passed';

interface Case {
  name: string;
  classname: string;
  outcome: Outcome | 'error';
  message: string;
  type: string;
  detail: string;
}

function findingCase(f: ReportedFinding, outcome: Outcome): Case {
  const x = f.finding;
  const where = location(x.file, x.startLine, x.endLine);
  return {
    name: `${x.id} ${where}: ${oneLine(x.claim, 200)}`,
    classname: x.file,
    outcome,
    message: outcome === 'skipped' ? `manual review: ${oneLine(x.claim, 300)}` : `${f.severity} ${x.category}: ${oneLine(x.claim, 300)}`,
    type: `${f.verdict}/${f.severity}/${x.ruleId ?? x.lens}`,
    detail: [`${x.claim}`, `Trigger: ${x.runtimeTrigger}`, `At ${where} (tier ${f.tier}, confidence ${f.confidence})`, `Referee: ${f.refereeReasoning}`, `In full: bug-hunter report show ${x.id}`].join('\n'),
  };
}

function casesOf(report: ScanReport): Case[] {
  const failing = new Set(failingFindings(report.findings, report.options.failOn));
  const shown = report.findings.filter((f) => isListed(f, report.options.showSuspected));
  const cases = shown.map((f) => findingCase(f, failing.has(f) ? 'failure' : f.verdict === 'manual-review' ? 'skipped' : 'passed'));
  const headline = verdictOf(report).headline;
  if (report.status !== 'complete') {
    cases.push({ name: `${TOOL_NAME} scan`, classname: TOOL_NAME, outcome: 'error', message: `the run is ${report.status}`, type: `run/${report.status}`, detail: headline });
  } else if (cases.length === 0) {
    cases.push({ name: `${TOOL_NAME} scan`, classname: TOOL_NAME, outcome: 'passed', message: '', type: '', detail: '' });
  }
  return cases;
}

function caseXml(c: Case): string {
  const open = `    <testcase name="${xmlAttr(c.name)}" classname="${xmlAttr(c.classname)}" time="0"`;
  if (c.outcome === 'passed') return `${open}/>`;
  if (c.outcome === 'skipped') return `${open}>\n      <skipped message="${xmlAttr(c.message)}"/>\n    </testcase>`;
  return `${open}>\n      <${c.outcome} message="${xmlAttr(c.message)}" type="${xmlAttr(c.type)}">${xmlText(c.detail)}</${c.outcome}>\n    </testcase>`;
}

export function renderJunit(stored: ScanReport): string {
  // What leaves the machine (code scanning, CI, a pull request) never carries a secret quoted in evidence.
  const report = redactDeep(stored);
  const cases = casesOf(report);
  const count = (o: Case['outcome']) => cases.filter((c) => c.outcome === o).length;
  const properties: [string, string][] = [
    ['runId', report.run.runId],
    ['commit', report.run.baseCommit ?? 'none'],
    ['failOn', report.options.failOn],
    ['verdict', verdictOf(report).headline],
  ];
  // The schema's timestamp has no time zone: the UTC time, to the second.
  const timestamp = report.generatedAt.slice(0, 19);
  const suite = [
    `  <testsuite package="${TOOL_NAME}" id="0" name="${TOOL_NAME}" timestamp="${xmlAttr(timestamp)}" hostname="localhost" tests="${cases.length}" failures="${count('failure')}" errors="${count('error')}" skipped="${count('skipped')}" time="${(report.durationMs / 1000).toFixed(3)}">`,
    '    <properties>',
    ...properties.map(([name, value]) => `      <property name="${name}" value="${xmlAttr(value)}"/>`),
    '    </properties>',
    ...cases.map(caseXml),
    `    <system-out>${xmlText(verdictOf(report).headline)}</system-out>`,
    '    <system-err></system-err>',
    '  </testsuite>',
  ];
  return ['<?xml version="1.0" encoding="UTF-8"?>', '<testsuites>', ...suite, '</testsuites>', ''].join('\n');
}
