import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from "node:crypto";
import { isoCBOR } from "@simplewebauthn/server/helpers";
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from "@simplewebauthn/server";
import type { PasskeyCreationOptions, PasskeyRequestOptions } from "@shared/types";
import type { Agent } from "./fixtures";

/**
 * A software authenticator for the API tests (docs/product.md "Passkeys"): a P-256 key made with
 * node:crypto, answering registration with a 'none' attestation and sign-in with an ES256 signature
 * over authenticatorData and the hash of clientDataJSON, as a browser and a security key would.
 * Each answer may be bent (another origin, another RP id, a counter) to test the refusals.
 */

/** The site the tests' app is reached at (createTestApp({ PUBLIC_URL: PASSKEY_SITE })). */
export const PASSKEY_SITE = "https://community.example";
export const PASSKEY_RP_ID = "community.example";

const base64url = (bytes: Uint8Array) => Buffer.from(bytes).toString("base64url");
const sha256 = (data: Uint8Array | string) => createHash("sha256").update(data).digest();

// authenticatorData flags (WebAuthn §6.1): user present, user verified, attested credential data included.
const USER_PRESENT = 0x01;
const USER_VERIFIED = 0x04;
const ATTESTED_CREDENTIAL = 0x40;

/** What an answer may be bent with; by default the site's own. */
export interface Bend {
  origin?: string;
  rpId?: string;
  /** The signature counter the authenticator reports (it counts up by itself otherwise). */
  counter?: number;
  /** A challenge other than the one asked. */
  challenge?: string;
}

export class SoftwarePasskey {
  readonly credentialId = base64url(randomBytes(16));
  private readonly privateKey: KeyObject;
  private readonly coseKey: Uint8Array;
  /** The user handle the site gave at registration, answered back at sign-in. */
  userHandle: string | undefined;
  private counter: number;

  /** `counter`: where the authenticator's signature counter starts (0: one that keeps none). */
  constructor({ counter = 0 }: { counter?: number } = {}) {
    const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
    this.privateKey = privateKey;
    this.counter = counter;
    const jwk = publicKey.export({ format: "jwk" });
    // COSE_Key (RFC 9053): kty EC2, alg ES256, crv P-256, x, y.
    this.coseKey = isoCBOR.encode(
      new Map<number, number | Uint8Array>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, Buffer.from(jwk.x!, "base64url")],
        [-3, Buffer.from(jwk.y!, "base64url")],
      ]),
    );
  }

  /** navigator.credentials.create() for these options, as @simplewebauthn/browser sends it. */
  register(options: PasskeyCreationOptions, bend: Bend = {}): RegistrationResponseJSON {
    this.userHandle = options.user.id;
    const clientDataJSON = JSON.stringify({ type: "webauthn.create", challenge: bend.challenge ?? options.challenge, origin: bend.origin ?? PASSKEY_SITE, crossOrigin: false });
    const credentialId = Buffer.from(this.credentialId, "base64url");
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(credentialId.length);
    const authData = Buffer.concat([
      this.authenticatorData(bend.rpId ?? options.rp.id, USER_PRESENT | USER_VERIFIED | ATTESTED_CREDENTIAL, bend.counter ?? this.counter),
      Buffer.alloc(16), // AAGUID: none
      idLength,
      credentialId,
      this.coseKey,
    ]);
    const attestationObject = isoCBOR.encode(new Map<string, string | Map<string, string> | Uint8Array>([["fmt", "none"], ["attStmt", new Map<string, string>()], ["authData", authData]]));
    return {
      id: this.credentialId,
      rawId: this.credentialId,
      type: "public-key",
      response: { clientDataJSON: base64url(Buffer.from(clientDataJSON)), attestationObject: base64url(attestationObject), transports: ["internal"] },
      authenticatorAttachment: "platform",
      clientExtensionResults: {},
    };
  }

  /** navigator.credentials.get() for these options: a counter that goes up unless bent (or stays 0 for one that keeps none). */
  authenticate(options: PasskeyRequestOptions, bend: Bend = {}): AuthenticationResponseJSON {
    if (bend.counter === undefined && this.counter > 0) this.counter++;
    const clientDataJSON = Buffer.from(JSON.stringify({ type: "webauthn.get", challenge: bend.challenge ?? options.challenge, origin: bend.origin ?? PASSKEY_SITE, crossOrigin: false }));
    const authData = this.authenticatorData(bend.rpId ?? options.rpId, USER_PRESENT | USER_VERIFIED, bend.counter ?? this.counter);
    const signature = sign("sha256", Buffer.concat([authData, sha256(clientDataJSON)]), this.privateKey);
    return {
      id: this.credentialId,
      rawId: this.credentialId,
      type: "public-key",
      response: {
        clientDataJSON: base64url(clientDataJSON),
        authenticatorData: base64url(authData),
        signature: base64url(signature),
        ...(this.userHandle === undefined ? {} : { userHandle: this.userHandle }),
      },
      authenticatorAttachment: "platform",
      clientExtensionResults: {},
    };
  }

  private authenticatorData(rpId: string, flags: number, counter: number) {
    const count = Buffer.alloc(4);
    count.writeUInt32BE(counter);
    return Buffer.concat([sha256(rpId), Buffer.from([flags]), count]);
  }
}

/** A passkey added to the agent's account through the API (the agent's window must be open). */
export async function addSoftwarePasskey(agent: Agent, name = "Laptop", passkey = new SoftwarePasskey()) {
  const options = await agent.post("/api/auth/passkeys/options");
  if (options.status !== 200) throw new Error(`passkey options failed: ${options.status} ${options.text}`);
  const added = await agent.post("/api/auth/passkeys").send({ name, response: passkey.register(options.body) });
  if (added.status !== 201) throw new Error(`adding a passkey failed: ${added.status} ${added.text}`);
  return { passkey, id: added.body.id as number };
}

/** The sign-in options of the agent's session (POST /api/auth/passkey/options). */
export async function passkeySignInOptions(agent: Agent): Promise<PasskeyRequestOptions> {
  const options = await agent.post("/api/auth/passkey/options");
  if (options.status !== 200) throw new Error(`passkey sign-in options failed: ${options.status} ${options.text}`);
  return options.body as PasskeyRequestOptions;
}
