import { createDecipheriv, createECDH, createPublicKey, hkdfSync, randomBytes, verify } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A stand-in push service on a local port, and browsers subscribed to it: each keeps its own P-256
 * key pair and auth secret, as a browser does, and decrypts what it receives by RFC 8291
 * (aes128gcm, RFC 8188) with Node's crypto alone, so a test reads what a device would show.
 */

export type Received = { path: string; headers: IncomingHttpHeaders; body: Buffer };

/** A stand-in push service: `answer` gives each push's status, or null to leave it unanswered (a service that hangs). */
export async function startPushReceiver(answer: (path: string) => number | null = () => 201) {
  const received: Received[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) });
      const status = answer(req.url ?? '');
      if (status === null) return;
      res.statusCode = status;
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { origin, received, close: () => new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve()))) };
}

/** A browser's subscription at `origin`: what it sends the API, and how it reads a push. */
export function pushBrowser(origin: string) {
  const ecdh = createECDH('prime256v1');
  const publicKey = ecdh.generateKeys();
  const authSecret = randomBytes(16);
  const path = `/push/${randomBytes(8).toString('hex')}`;
  const subscription = { endpoint: `${origin}${path}`, keys: { p256dh: publicKey.toString('base64url'), auth: authSecret.toString('base64url') } };

  /** The plaintext of an aes128gcm body sent to this browser (one record). */
  function decrypt(body: Buffer): string {
    const salt = body.subarray(0, 16);
    const idLength = body.readUInt8(20);
    const senderKey = body.subarray(21, 21 + idLength);
    const record = body.subarray(21 + idLength);
    const shared = ecdh.computeSecret(senderKey);
    const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), publicKey, senderKey]);
    const ikm = Buffer.from(hkdfSync('sha256', shared, authSecret, keyInfo, 32));
    const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
    const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
    const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
    decipher.setAuthTag(record.subarray(record.length - 16));
    const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
    // The last record ends with a 0x02 delimiter, then zero padding.
    const end = padded.lastIndexOf(2);
    return padded.subarray(0, end).toString('utf8');
  }

  return { subscription, path, decrypt };
}

/**
 * Checks a push's VAPID Authorization header (RFC 8292) against the server's public key: an ES256
 * JWT for the push service's origin, not expired, with a contact. Returns its claims.
 */
export function verifyVapid(authorization: string | undefined, serverPublicKey: string, audience: string): { aud: string; exp: number; sub: string } {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(authorization ?? '');
  if (!match) throw new Error(`not a VAPID authorization: ${authorization}`);
  const [, jwt, key] = match as unknown as [string, string, string];
  if (key !== serverPublicKey) throw new Error('the VAPID key is not the server one');
  const [header, claims, signature] = jwt.split('.') as [string, string, string];
  const raw = Buffer.from(key, 'base64url');
  const publicKey = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: raw.subarray(1, 33).toString('base64url'), y: raw.subarray(33).toString('base64url') },
    format: 'jwk',
  });
  const valid = verify('sha256', Buffer.from(`${header}.${claims}`), { key: publicKey, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature, 'base64url'));
  if (!valid) throw new Error('the VAPID signature does not verify');
  const body = JSON.parse(Buffer.from(claims, 'base64url').toString('utf8')) as { aud: string; exp: number; sub: string };
  if (body.aud !== audience) throw new Error(`VAPID audience ${body.aud}, not ${audience}`);
  if (body.exp * 1000 < Date.now() || body.exp * 1000 > Date.now() + 24 * 3600_000) throw new Error('VAPID expiry out of range');
  return body;
}
