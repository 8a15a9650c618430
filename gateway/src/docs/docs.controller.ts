import { Controller, Get, Header } from '@nestjs/common';
import { Public } from '../auth/access.decorators';
import { ApiDoc } from './api-doc.decorator';
import { buildOpenApi } from './openapi.builder';
import { RouteCatalogue } from './route-catalogue';

const escape = (text: string) => text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] ?? c);

/** `/api/docs`: a plain page listing every route (no third-party script, so the CSP stays strict) and the OpenAPI JSON. */
@Controller('docs')
export class DocsController {
  constructor(private readonly catalogue: RouteCatalogue) {}

  @ApiDoc({ summary: 'This API as OpenAPI 3.1' })
  @Get('openapi.json')
  @Public()
  openApi() {
    return buildOpenApi(this.catalogue.routes(), process.env['npm_package_version'] ?? '0.1.0');
  }

  @ApiDoc({ summary: 'This API as a page' })
  @Get()
  @Public()
  @Header('Content-Type', 'text/html; charset=utf-8')
  page(): string {
    const rows = this.catalogue
      .routes()
      .map((r) => `<tr><td class="m ${r.method}">${r.method.toUpperCase()}</td><td><code>${escape(r.path)}</code></td><td>${escape(r.doc?.summary ?? '')}</td><td>${r.access}</td></tr>`)
      .join('\n');
    return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>LabelDesk API</title><style>
body{font:14px/1.5 system-ui,sans-serif;margin:2rem;color:#1a1a2e}table{border-collapse:collapse;width:100%}td,th{padding:.35rem .6rem;border-bottom:1px solid #e5e7eb;text-align:left;vertical-align:top}
.m{font-weight:600;font-family:monospace}.get{color:#2563eb}.post{color:#16a34a}.put,.patch{color:#b45309}.delete{color:#dc2626}code{font-size:13px}
</style></head><body><h1>LabelDesk API</h1><p>Token in the <code>token</code> header. Every amount is integer cents. Errors answer <code>{message, code, issues?}</code>.
Machine-readable: <a href="/api/docs/openapi.json">OpenAPI 3.1 JSON</a>.</p><table><thead><tr><th>Method</th><th>Path</th><th>What it does</th><th>Access</th></tr></thead><tbody>
${rows}</tbody></table></body></html>`;
  }
}
