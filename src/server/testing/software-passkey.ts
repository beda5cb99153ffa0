import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';

/** Just enough CBOR (RFC 8949) for an attestation object and a COSE key: integers, strings, bytes, maps. */
type Cbor = number | string | Buffer | Map<Cbor, Cbor>;

function head(major: number, n: number): Buffer {
  if (n < 24) return Buffer.from([(major << 5) | n]);
  if (n < 256) return Buffer.from([(major << 5) | 24, n]);
  if (n < 65_536) return Buffer.from([(major << 5) | 25, n >> 8, n & 0xff]);
  const b = Buffer.alloc(5);
  b[0] = (major << 5) | 26;
  b.writeUInt32BE(n, 1);
  return b;
}

function cbor(value: Cbor): Buffer {
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === 'string') {
    const bytes = Buffer.from(value, 'utf8');
    return Buffer.concat([head(3, bytes.length), bytes]);
  }
  if (Buffer.isBuffer(value)) return Buffer.concat([head(2, value.length), value]);
  return Buffer.concat([head(5, value.size), ...[...value].flatMap(([k, v]) => [cbor(k), cbor(v)])]);
}

const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest();
const b64url = (data: Buffer) => data.toString('base64url');
const counterBytes = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n);
  return b;
};

/** UP and UV (a person present and verified), AT when the authenticator data carries a new credential. */
const FLAGS = { get: 0x05, create: 0x45 };

/**
 * A passkey held in memory, answering WebAuthn as a platform authenticator would (ES256, attestation `none`):
 * for tests that talk to the server's WebAuthn routes without a browser. Each answer can be made for any origin,
 * so a test can answer from a foreign one.
 */
export function softwarePasskey() {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const credentialId = randomBytes(16);
  let counter = 0;
  let userHandle: string | undefined;

  const coseKey = (key: KeyObject) => {
    const jwk = key.export({ format: 'jwk' });
    return cbor(
      new Map<Cbor, Cbor>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, Buffer.from(jwk.x!, 'base64url')],
        [-3, Buffer.from(jwk.y!, 'base64url')],
      ]),
    );
  };
  const clientData = (type: 'webauthn.create' | 'webauthn.get', challenge: string, origin: string) =>
    Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));

  return {
    id: b64url(credentialId),
    /** The answer to registration options (`navigator.credentials.create`). */
    create(options: { challenge: string; rp: { id?: string }; user: { id: string } }, origin: string) {
      userHandle = options.user.id;
      const authData = Buffer.concat([
        sha256(options.rp.id!),
        Buffer.from([FLAGS.create]),
        counterBytes(counter),
        Buffer.alloc(16),
        Buffer.from([credentialId.length >> 8, credentialId.length & 0xff]),
        credentialId,
        coseKey(publicKey),
      ]);
      const attestationObject = cbor(
        new Map<Cbor, Cbor>([
          ['fmt', 'none'],
          ['attStmt', new Map()],
          ['authData', authData],
        ]),
      );
      return {
        id: b64url(credentialId),
        rawId: b64url(credentialId),
        type: 'public-key',
        response: {
          clientDataJSON: b64url(clientData('webauthn.create', options.challenge, origin)),
          attestationObject: b64url(attestationObject),
          transports: ['internal'],
        },
        clientExtensionResults: {},
        authenticatorAttachment: 'platform',
      };
    },
    /** The answer to sign-in options (`navigator.credentials.get`), its signature counter one further. */
    get(options: { challenge: string; rpId?: string }, origin: string) {
      counter += 1;
      const authData = Buffer.concat([sha256(options.rpId!), Buffer.from([FLAGS.get]), counterBytes(counter)]);
      const data = clientData('webauthn.get', options.challenge, origin);
      const signature = sign('sha256', Buffer.concat([authData, sha256(data)]), privateKey);
      return {
        id: b64url(credentialId),
        rawId: b64url(credentialId),
        type: 'public-key',
        response: {
          clientDataJSON: b64url(data),
          authenticatorData: b64url(authData),
          signature: b64url(signature),
          ...(userHandle ? { userHandle } : {}),
        },
        clientExtensionResults: {},
        authenticatorAttachment: 'platform',
      };
    },
  };
}
