import { Controller, Get, Header, Headers, Inject, Param, Res } from '@nestjs/common';
import { DomainError, ErrorCode } from '@labeldesk/contracts';
import type { Response } from 'express';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { brotliCompressSync, constants as zlibConstants } from 'node:zlib';
import { Public } from '../auth/access.decorators';
import { GATEWAY_ENV, type GatewayEnv } from '../config/env.schema';
import { ApiDoc } from './api-doc.decorator';
import { buildOpenApi } from './openapi.builder';
import { RouteCatalogue } from './route-catalogue';

/** Swagger UI's own files, served from our origin: the page loads no script from anywhere else (script-src 'self'). */
const SWAGGER_UI_DIR = dirname(require.resolve('swagger-ui-dist/package.json'));
const SWAGGER_UI_FILES: Readonly<Record<string, string>> = {
  'swagger-ui-bundle.js': 'application/javascript; charset=utf-8',
  'swagger-ui.css': 'text/css; charset=utf-8',
};

/** Brotli copies of Swagger UI's files, made on first request and kept: the bundle is 1.7 MB, about a quarter of it sent. */
const brotliCopies = new Map<string, Buffer>();
const brotliOf = (file: string): Buffer => {
  let copy = brotliCopies.get(file);
  if (!copy) {
    copy = brotliCompressSync(readFileSync(join(SWAGGER_UI_DIR, file)), { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 6 } });
    brotliCopies.set(file, copy);
  }
  return copy;
};

/**
 * Starts Swagger UI on the document; a file, as the CSP allows no inline script. No validator badge (an outside call).
 * Swagger UI leaves a few controls unnamed (the server and example pickers, the dialog's close button) and its code
 * samples unreachable by keyboard: each is named, or made focusable, as it appears.
 */
const START_SCRIPT = `(function () {
  var NAMES = [['#servers', 'Server'], ['select.examples-select-element', 'Example'], ['select.content-type', 'Media type'], ['button.close-modal', 'Close']];
  var tidy = function () {
    NAMES.forEach(function (pair) {
      document.querySelectorAll(pair[0]).forEach(function (el) { if (!el.getAttribute('aria-label')) el.setAttribute('aria-label', pair[1]); });
    });
    document.querySelectorAll('.swagger-ui pre').forEach(function (el) { if (!el.hasAttribute('tabindex')) el.setAttribute('tabindex', '0'); });
  };
  var queued = false;
  new MutationObserver(function () {
    if (queued) return;
    queued = true;
    requestAnimationFrame(function () { queued = false; tidy(); });
  }).observe(document.documentElement, { childList: true, subtree: true });
  window.addEventListener('DOMContentLoaded', function () {
    window.SwaggerUIBundle({
      url: '/api/docs/openapi.json',
      dom_id: '#api',
      // Deep links put a link inside each operation's button (axe: nested-interactive).
      deepLinking: false,
      displayOperationId: true,
      defaultModelsExpandDepth: 0,
      docExpansion: 'list',
      filter: true,
      // Plain code samples: the highlighter's colours on its dark background are below WCAG AA contrast.
      syntaxHighlight: false,
      validatorUrl: null,
      withCredentials: false,
      onComplete: tidy,
    });
  });
})();
`;

/** Our touches to Swagger UI: the brand's heading, and contrast and focus that pass axe (WCAG AA). */
const PAGE_CSS = `body{margin:0;font-family:system-ui,sans-serif;color:#1a1a2e;background:#fff}
.ld-head{padding:1.25rem 1.5rem .25rem;max-width:1460px;margin:0 auto;box-sizing:border-box}
.ld-head h1{margin:0 0 .25rem;font-size:1.5rem}.ld-head p{margin:.25rem 0;line-height:1.5}
.ld-head a{color:#1d4ed8}
#api{max-width:1460px;margin:0 auto}
.swagger-ui .info .title small pre{color:#1a1a2e}
.swagger-ui .opblock-tag small,.swagger-ui .opblock .opblock-summary-description,.swagger-ui .opblock .opblock-summary-operation-id{color:#1f2937}
.swagger-ui .opblock .opblock-summary-method{color:#fff;text-shadow:none}
.swagger-ui .opblock.opblock-post .opblock-summary-method{background:#166534}
.swagger-ui .opblock.opblock-get .opblock-summary-method{background:#1d4ed8}
.swagger-ui .opblock.opblock-put .opblock-summary-method,.swagger-ui .opblock.opblock-patch .opblock-summary-method{background:#92400e}
.swagger-ui .opblock.opblock-delete .opblock-summary-method{background:#b91c1c}
.swagger-ui a.nostyle,.swagger-ui .info a{color:#1d4ed8}
.swagger-ui .btn.authorize{color:#166534;border-color:#166534}.swagger-ui .btn.authorize svg{fill:#166534}
.swagger-ui .opblock .opblock-summary-operation-id{white-space:nowrap;word-break:normal;font-size:12px}
.swagger-ui .parameter__in,.swagger-ui .parameter__deprecated,.swagger-ui .prop-format{color:#4b5563}
.swagger-ui :focus-visible{outline:3px solid #1d4ed8;outline-offset:2px}
@media (max-width:600px){.ld-head{padding:1rem .75rem 0}.swagger-ui .wrapper{padding:0 .5rem}.swagger-ui .opblock .opblock-summary-operation-id{display:none}}
`;

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<title>LabelDesk API</title>
<link rel="stylesheet" href="/api/docs/assets/swagger-ui.css">
<link rel="stylesheet" href="/api/docs/assets/docs.css">
<script defer src="/api/docs/assets/swagger-ui-bundle.js"></script>
<script defer src="/api/docs/assets/docs.js"></script>
</head>
<body>
<header class="ld-head">
<h1>LabelDesk API reference</h1>
<p>Send an API key as <code>Authorization: Bearer ld_live_…</code> (made on the Account page, with only the scopes it needs) or a session token in the <code>token</code> header. Amounts are integer cents; errors answer <code>{message, code, issues?}</code>.</p>
<p>The same contract as a file: <a href="/api/docs/openapi.json">OpenAPI 3.1 JSON</a>.</p>
</header>
<main id="api" aria-label="Operations"><noscript><p class="ld-head">This reference needs JavaScript; read <a href="/api/docs/openapi.json">the OpenAPI document</a> instead.</p></noscript></main>
</body>
</html>`;

/** `/api/docs`: the OpenAPI document, and Swagger UI rendering it, every file from this server (the CSP stays strict). */
@Controller('docs')
export class DocsController {
  private document: unknown;

  constructor(
    private readonly catalogue: RouteCatalogue,
    @Inject(GATEWAY_ENV) private readonly env: Pick<GatewayEnv, 'PUBLIC_URL' | 'API_KEY_RATE_LIMIT_PER_MINUTE'>,
  ) {}

  @ApiDoc({ summary: 'This API as OpenAPI 3.1' })
  @Get('openapi.json')
  @Public()
  openApi(): unknown {
    // The routes are fixed once the app has started: the document is built on the first request and kept.
    this.document ??= buildOpenApi(this.catalogue.routes(), process.env['npm_package_version'] ?? '0.1.0', {
      serverUrl: this.env.PUBLIC_URL,
      apiKeyRequestsPerMinute: this.env.API_KEY_RATE_LIMIT_PER_MINUTE,
    });
    return this.document;
  }

  @ApiDoc({ summary: 'This API as a page (Swagger UI)' })
  @Get()
  @Public()
  @Header('Content-Type', 'text/html; charset=utf-8')
  @Header('Cache-Control', 'no-store')
  page(): string {
    return PAGE;
  }

  @ApiDoc({ summary: "The reference page's script and styles" })
  @Get('assets/:file')
  @Public()
  asset(@Param('file') file: string, @Headers('accept-encoding') acceptEncoding: string | undefined, @Res() res: Response): void {
    res.setHeader('Cache-Control', 'public, max-age=3600');
    if (file === 'docs.js') {
      res.type('application/javascript; charset=utf-8').send(START_SCRIPT);
      return;
    }
    if (file === 'docs.css') {
      res.type('text/css; charset=utf-8').send(PAGE_CSS);
      return;
    }
    const type = SWAGGER_UI_FILES[file];
    if (!type) throw new DomainError(ErrorCode.NOT_FOUND, 'No such file');
    res.setHeader('Vary', 'Accept-Encoding');
    if (/\bbr\b/.test(acceptEncoding ?? '')) {
      res.setHeader('Content-Encoding', 'br');
      res.type(type).send(brotliOf(file));
      return;
    }
    res.type(type).sendFile(join(SWAGGER_UI_DIR, file));
  }
}
