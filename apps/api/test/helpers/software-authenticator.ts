import { createHash, generateKeyPairSync, randomBytes, sign } from 'node:crypto';
import { encodeCBOR, type CBORType } from '@levischuck/tiny-cbor';

/*
 * A WebAuthn authenticator in software, for the API tests: an ES256 (P-256) key made with node:crypto,
 * answering registration options with attestation "none" and sign-in options with an assertion, byte for
 * byte as a browser hands them to the site (the JSON forms, base64url). A discoverable passkey with user
 * verification (flags UP, UV), like a phone's or a laptop's.
 */

const FLAG_UP = 0x01;
const FLAG_UV = 0x04;
const FLAG_AT = 0x40;

const b64url = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();

function uint32(value: number): Buffer {
  const out = Buffer.alloc(4);
  out.writeUInt32BE(value);
  return out;
}

export interface RegistrationOptionsJSON {
  challenge: string;
  rp: { id?: string; name: string };
  user: { id: string; name: string };
}

export interface AuthenticationOptionsJSON {
  challenge: string;
  rpId?: string;
}

export class SoftwareAuthenticator {
  readonly credentialId = randomBytes(16);
  private readonly keys = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  /** The signature counter; each assertion adds one unless the test says otherwise. */
  counter = 0;
  /** The user handle the site gave at registration (sent back at sign-in). */
  userHandle: string | undefined;

  /** @param origin the page's origin, as the browser would put it in clientDataJSON */
  constructor(
    readonly origin: string,
    readonly rpId = new URL(origin).hostname,
  ) {}

  get id(): string {
    return b64url(this.credentialId);
  }

  private cosePublicKey(): Uint8Array {
    const jwk = this.keys.publicKey.export({ format: 'jwk' });
    const coordinate = (v: string | undefined) => new Uint8Array(Buffer.from(v ?? '', 'base64url'));
    // kty EC2, alg ES256, crv P-256, x, y
    return encodeCBOR(
      new Map<number, CBORType>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, coordinate(jwk.x)],
        [-3, coordinate(jwk.y)],
      ]),
    );
  }

  private authenticatorData(rpId: string, flags: number, counter: number, attested?: Uint8Array): Buffer {
    return Buffer.concat([sha256(rpId), Buffer.from([flags]), uint32(counter), ...(attested ? [attested] : [])]);
  }

  private clientData(type: 'webauthn.create' | 'webauthn.get', challenge: string, origin: string): Buffer {
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  }

  /** The browser's answer to registration options (RegistrationResponseJSON). `origin`: a page elsewhere. */
  register(options: RegistrationOptionsJSON, { origin = this.origin }: { origin?: string } = {}) {
    this.userHandle = options.user.id;
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(this.credentialId.length);
    const attested = Buffer.concat([Buffer.alloc(16), idLength, this.credentialId, this.cosePublicKey()]);
    const authData = this.authenticatorData(options.rp.id ?? this.rpId, FLAG_UP | FLAG_UV | FLAG_AT, this.counter, attested);
    const attestationObject = encodeCBOR(
      new Map<string, CBORType>([
        ['fmt', 'none'],
        ['attStmt', new Map<string, CBORType>()],
        ['authData', new Uint8Array(authData)],
      ]),
    );
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key' as const,
      authenticatorAttachment: 'platform' as const,
      clientExtensionResults: {},
      response: {
        clientDataJSON: b64url(this.clientData('webauthn.create', options.challenge, origin)),
        attestationObject: b64url(attestationObject),
        transports: ['internal', 'hybrid'],
      },
    };
  }

  /**
   * The browser's answer to sign-in options (AuthenticationResponseJSON), signed with the key.
   * `counter`: the counter to report (else the next one); `origin`: a page elsewhere.
   */
  signIn(options: AuthenticationOptionsJSON, { origin = this.origin, counter }: { origin?: string; counter?: number } = {}) {
    this.counter = counter ?? this.counter + 1;
    const authData = this.authenticatorData(options.rpId ?? this.rpId, FLAG_UP | FLAG_UV, this.counter);
    const clientDataJSON = this.clientData('webauthn.get', options.challenge, origin);
    const signature = sign('sha256', Buffer.concat([authData, sha256(clientDataJSON)]), this.keys.privateKey);
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key' as const,
      authenticatorAttachment: 'platform' as const,
      clientExtensionResults: {},
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
        ...(this.userHandle ? { userHandle: this.userHandle } : {}),
      },
    };
  }
}
