// Every command the CLI knows, in the order `--help` lists them. To add a command, add one line here.
import type { Command } from '../command.ts';
import { benchmarkCommand } from './benchmark.ts';
import { dismissCommand } from './dismiss.ts';
import { doctorCommand } from './doctor.ts';
import { initCommand } from './init.ts';
import { phaseCommand } from './phase.ts';
import { reportCommand } from './report.ts';
import { scanCommand } from './scan.ts';
import { undismissCommand } from './undismiss.ts';

export const COMMANDS: Command[] = [scanCommand, phaseCommand, doctorCommand, initCommand, reportCommand, dismissCommand, undismissCommand, benchmarkCommand];
