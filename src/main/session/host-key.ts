/**
 * A table's identity (the security review's item 3: a spoofed advert with the same table id received a
 * player's stored seat token). Each table has an Ed25519 key pair, kept in its save so a resumed table is
 * the same table. The public key is in every snapshot (`hostKey`) and its fingerprint in the mDNS TXT
 * record (`fp`); a desktop stores the key with its seat token, and before it sends that token again it
 * asks the host to sign a fresh random challenge (`host.prove`) and checks the signature with the stored
 * key. A host that cannot sign with it never sees the token. node:crypto only; plain Node.
 */
import { createHash, createPrivateKey, createPublicKey, generateKeyPairSync, randomBytes, sign, verify, type KeyObject } from 'node:crypto'

export interface StoredHostKey {
  /** The raw 32-byte public key, base64url (43 characters). */
  publicKey: string
  /** PKCS#8 DER, base64url. */
  privateKey: string
}

/** What is signed: a fixed label, the table id and the challenge, so a proof is good for nothing else. */
export function proofMessage(tableId: string, challenge: string): Buffer {
  return Buffer.from(`phase10-host-proof\n${tableId}\n${challenge}`, 'utf8')
}

export class HostKey {
  private constructor(
    private readonly privateKey: KeyObject,
    /** Raw public key, base64url. */
    readonly publicKey: string,
  ) {}

  static generate(): HostKey {
    const { privateKey, publicKey } = generateKeyPairSync('ed25519')
    return new HostKey(privateKey, publicKey.export({ format: 'jwk' }).x!)
  }

  /** The saved key, or a new one when there is none or it does not load. */
  static restore(stored: StoredHostKey | undefined): HostKey {
    if (!stored) return HostKey.generate()
    try {
      const privateKey = createPrivateKey({ key: Buffer.from(stored.privateKey, 'base64url'), format: 'der', type: 'pkcs8' })
      const publicKey = createPublicKey(privateKey).export({ format: 'jwk' }).x!
      return publicKey === stored.publicKey ? new HostKey(privateKey, publicKey) : HostKey.generate()
    } catch {
      return HostKey.generate()
    }
  }

  toStored(): StoredHostKey {
    return { publicKey: this.publicKey, privateKey: this.privateKey.export({ format: 'der', type: 'pkcs8' }).toString('base64url') }
  }

  private fingerprintCache: string | undefined

  /** Hashed once: the table's info (with it) is rebuilt after every change. */
  get fingerprint(): string {
    return (this.fingerprintCache ??= fingerprintOf(this.publicKey))
  }

  /** Signs a client's challenge (base64url signature). */
  prove(tableId: string, challenge: string): string {
    return sign(null, proofMessage(tableId, challenge), this.privateKey).toString('base64url')
  }
}

/** SHA-256 of the raw public key, first 128 bits, base64url (22 characters): short enough for a TXT record. */
export function fingerprintOf(publicKey: string): string {
  return createHash('sha256').update(Buffer.from(publicKey, 'base64url')).digest().subarray(0, 16).toString('base64url')
}

export function newChallenge(): string {
  return randomBytes(32).toString('base64url')
}

/** True when `signature` is `publicKey`'s signature of this table's challenge. Never throws. */
export function verifyProof(publicKey: string, tableId: string, challenge: string, signature: string): boolean {
  try {
    const key = createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: publicKey }, format: 'jwk' })
    return verify(null, proofMessage(tableId, challenge), key, Buffer.from(signature, 'base64url'))
  } catch {
    return false
  }
}
