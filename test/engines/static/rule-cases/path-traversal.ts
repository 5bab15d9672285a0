// @ts-nocheck
/* eslint-disable -- fixture: planted bugs and decoys on purpose */
// Cases for the static rule path-traversal: `ruleid:` lines it must fire on, `ok:` lines it must not (decoys).
import { Body, Controller, Get, Param, Post, Query } from '@nestjs/common';
import { execSync } from 'child_process';
import { readFileSync } from 'fs';
import { join } from 'path';
const ROOT = '/srv/exports';
import { readFile } from 'fs/promises';
import { NextRequest } from 'next/server';
const FILES = '/srv/files';

// from test/engines/static/fixtures/frameworks/nest-bugs.ts
@Controller('exports')
export class ExportsController {
  @Get('download')
  download(@Query('file') file: string) {
    return readFileSync(join(ROOT, file)); // ruleid: path-traversal
  }

  @Get(':name/size')
  size(@Param('name') name: string) {
    return execSync('du -sh ' + join(ROOT, name));
  }

  @Post('compress')
  compress(@Body() body: { level: string; target: string }) {
    return execSync(`gzip -${body.level} ${body.target}`);
  }
}
