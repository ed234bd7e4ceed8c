import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import helmet from 'helmet';
import { expect, test } from 'vitest';
import { helmetHeaders } from './security-headers.ts';

test("the headers worked out once are those helmet's middleware sets on a real answer", () => {
  const options = {
    contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'self'"], objectSrc: ["'none'"], frameAncestors: ["'none'"] } },
    hsts: { maxAge: 31536000, includeSubDomains: true },
    referrerPolicy: { policy: 'same-origin' as const },
  };
  const request = new IncomingMessage(new Socket());
  const response = new ServerResponse(request);
  response.setHeader('X-Powered-By', 'something');
  helmet(options)(request, response, () => {});
  const expected = Object.fromEntries(Object.entries(response.getHeaders()).map(([name, value]) => [name, String(value)]));
  expect(helmetHeaders(options)).toEqual(expected);
  expect(expected['content-security-policy']).toBe("default-src 'self';object-src 'none';frame-ancestors 'none'");
  expect(expected['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  expect(expected).not.toHaveProperty('x-powered-by');
});
