import { Body, Controller, Get, Param, ParseIntPipe, Post, Query } from '@nestjs/common';
import { execSync } from 'child_process';

const REPORTS = '/srv/reports';

@Controller('reports')
export class ReportsController {
  @Get(':year/summary')
  summary(@Param('year', ParseIntPipe) year: number) {
    return execSync(`report-tool summary --year ${year} --dir ${REPORTS}`).toString();
  }

  @Post('render')
  render(@Body() body: { template: string }) {
    return execSync('report-tool render --template ' + body.template).toString();
  }

  @Get('search')
  search(@Query('q') q: string) {
    const term = q.replace(/[^a-z0-9 ]/gi, '');
    return execSync(`grep -ril "${term}" ${REPORTS}`).toString();
  }
}
