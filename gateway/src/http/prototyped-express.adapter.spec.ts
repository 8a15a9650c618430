import { Body, Controller, Get, HttpCode, Module, Post, Req, Res } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { Express, Request, Response } from 'express';
import { IncomingMessage, ServerResponse, type Server } from 'node:http';
import request from 'supertest';
import type { App } from 'supertest/types';
import { PrototypedExpressAdapter } from './prototyped-express.adapter';

/** The prototypes as express left them, when the handler runs. */
const handled: Array<{ request: object | null; response: object | null }> = [];

@Controller()
class ProbeController {
  @Post('echo')
  @HttpCode(200)
  echo(@Body() body: unknown, @Req() req: Request): { body: unknown; ip: string | undefined; path: string } {
    handled.push({ request: Object.getPrototypeOf(req), response: Object.getPrototypeOf(req.res) });
    return { body, ip: req.ip, path: req.path };
  }

  @Get('cookie')
  cookie(@Res() res: Response): void {
    res.cookie('probe', '1', { httpOnly: true }).status(203).json({ ok: true });
  }
}

@Module({ controllers: [ProbeController] })
class ProbeModule {}

describe('PrototypedExpressAdapter', () => {
  let app: NestExpressApplication;
  let server: Server;
  const born: Array<{ request: object | null; response: object | null }> = [];

  beforeAll(async () => {
    app = await NestFactory.create<NestExpressApplication>(ProbeModule, new PrototypedExpressAdapter(), { logger: false });
    await app.init();
    server = app.getHttpServer() as Server;
    // Runs before express sees the request: what Node made, not what express turned it into.
    server.prependListener('request', (req: IncomingMessage, res: ServerResponse) => born.push({ request: Object.getPrototypeOf(req), response: Object.getPrototypeOf(res) }));
  });

  afterAll(async () => {
    await app.close();
  });

  it("makes every request and response with the express app's own prototypes, so express never has to change one", async () => {
    const express = app.getHttpAdapter().getInstance() as Express;
    await request(server as App).post('/echo').send({ a: 1 }).expect(200);
    await request(server as App).get('/cookie').expect(203);
    expect(born).toHaveLength(2);
    for (const made of born) {
      expect(made.request).toBe(express.request);
      expect(made.response).toBe(express.response);
    }
  });

  it('leaves each request and response with the prototypes it was born with once express has handled it', async () => {
    born.length = 0;
    handled.length = 0;
    await request(server as App).post('/echo').send({ a: 1 }).expect(200);
    expect(handled).toEqual(born);
    expect(handled).toHaveLength(1);
  });

  it("serves requests as Nest's own express server does: body, express's request helpers, headers and status", async () => {
    const echoed = await request(server as App).post('/echo').set('content-type', 'application/json').send('{"shipments":[1,2]}');
    expect([echoed.status, echoed.body]).toEqual([200, { body: { shipments: [1, 2] }, ip: expect.any(String), path: '/echo' }]);
    const cookie = await request(server as App).get('/cookie');
    expect([cookie.status, cookie.body, cookie.headers['set-cookie']]).toEqual([203, { ok: true }, ['probe=1; Path=/; HttpOnly']]);
  });

  it("keeps Node's classes underneath: a request is an IncomingMessage and a response a ServerResponse", async () => {
    const seen: Array<[boolean, boolean]> = [];
    server.prependListener('request', (req: IncomingMessage, res: ServerResponse) => seen.push([req instanceof IncomingMessage, res instanceof ServerResponse]));
    await request(server as App).post('/echo').send({}).expect(200);
    expect(seen).toEqual([[true, true]]);
  });
});
